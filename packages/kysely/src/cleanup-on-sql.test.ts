// The cleanup job on SQLite, PostgreSQL and MySQL/MariaDB: batches on real SQL, and two runners at
// once (two processes' worth of connections on one database) deleting every expired row exactly once.
import { createAuth } from "@gatehouse-auth/core";
import type { Auth } from "@gatehouse-auth/core";
import { describe, expect } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";

const HOUR = 3_600_000;
const EXPIRED = { session: 1200, verification: 700, rateLimit: 500 };
const LIVE = 100;

for (const [name, open] of testDatabases) {
  describe(`cleanup on ${name}`, () => {
    const make = (): Auth =>
      createAuth({
        database: kyselyAdapter({ database: database() }),
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        logger: { error: () => {}, warn: () => {} },
      });
    const { database, test } = useTestDatabase(`cleanup on ${name}`, open, () => make().$context.adapter.migrate!());

    /** Creates `n` rows, fifty writes in flight at a time. */
    const fill = async (auth: Auth, model: string, n: number, row: (i: number) => Record<string, unknown>) => {
      for (let i = 0; i < n; i += 50)
        await Promise.all(
          Array.from({ length: Math.min(50, n - i) }, (_, j) => auth.$context.db.create({ model, data: row(i + j) })),
        );
    };

    test("two runners at once delete every expired row once, without an error, and keep the live ones", async () => {
      const seeder = make();
      const now = Date.now();
      const user = await seeder.$context.db.create<{ id: string }>({
        model: "user",
        data: { name: "U", email: `u-${now}@example.com`, emailVerified: false },
      });
      const session = (expiresAt: number) => (i: number) => ({
        token: `t-${expiresAt}-${i}`,
        userId: user.id,
        expiresAt: new Date(expiresAt + i),
      });
      await fill(seeder, "session", EXPIRED.session, session(now - 2 * HOUR));
      await fill(seeder, "session", LIVE, session(now + HOUR));
      await fill(seeder, "verification", EXPIRED.verification, (i) => ({
        identifier: `v-${i}`,
        value: "{}",
        expiresAt: new Date(now - HOUR + i),
      }));
      await fill(seeder, "rateLimit", EXPIRED.rateLimit, (i) => ({
        key: `k-${i}`,
        count: 1,
        lastRequest: now - HOUR - i,
      }));

      const [a, b] = [make(), make()];
      const runs = await Promise.all([a, b].map((auth) => auth.api.cleanup({ body: { batchSize: 100 } })));
      for (const model of ["session", "verification", "rateLimit"] as const)
        expect(runs[0]!.deleted[model]! + runs[1]!.deleted[model]!).toBe(EXPIRED[model]);
      const count = (model: string) => seeder.$context.adapter.count({ model });
      expect([await count("session"), await count("verification"), await count("rateLimit")]).toEqual([LIVE, 0, 0]);
      expect((await a.api.cleanup()).deleted).toEqual({ session: 0, verification: 0, rateLimit: 0 });
    }, 120_000);
  });
}
