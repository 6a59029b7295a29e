// The adapter's estimateCount and the dashboard totals built on it, on each real server: PostgreSQL
// answers its planner's estimate (past 100,000 users the overview shows it, marked, instead of counting
// the table); SQLite and MariaDB answer null and the overview counts exactly.
import { admin } from "@gatehouse-auth/admin";
import { createAuth } from "@gatehouse-auth/core";
import type { Auth } from "@gatehouse-auth/core";
import { signUpUser } from "@gatehouse-auth/core/testing";
import { dashboard } from "@gatehouse-auth/dashboard";
import type pg from "pg";
import { describe, expect } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";

const SEEDED = 120_000;

for (const [name, open] of testDatabases) {
  describe(`estimated totals on ${name}`, () => {
    const make = (): Auth =>
      createAuth({
        database: kyselyAdapter({ database: database() }),
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        emailAndPassword: { enabled: true },
        logger: { error: () => {}, warn: () => {} },
        plugins: [dashboard(), admin()],
      });
    const { database, test } = useTestDatabase(`estimated totals on ${name}`, open, () =>
      make().$context.adapter.migrate!(),
    );

    test(name === "PostgreSQL"
      ? "past 100,000 users the overview answers the planner's estimates and names them; small totals stay exact"
      : "makes no estimate: the overview counts every total exactly", async () => {
      const auth = make();
      const boss = await signUpUser(auth, `boss-${name}@example.com`);
      await auth.$context.db.update({
        model: "user",
        where: [{ field: "id", value: boss.userId }],
        update: { role: "admin" },
      });
      const db = auth.$context.db;
      if (name !== "PostgreSQL") {
        expect(await db.estimateCount({ model: "user" })).toBeNull();
        expect(await db.estimateCount({ model: "user", where: [{ field: "banned", value: true }] })).toBeNull();
        const overview = await boss.client.get("/dashboard/api/overview");
        expect(overview.status).toBe(200);
        expect(overview.body.totalsEstimated).toEqual([]);
        expect(overview.body.totals.users).toBe(1);
        return;
      }
      // Rows by SQL (the API would take minutes), then the statistics the estimates read.
      const pool = database() as pg.Pool;
      await pool.query(
        `insert into "user" (id, name, email, "emailVerified", role, banned, "createdAt", "updatedAt")
           select 'seed-' || g, 'Seed ' || g, 'seed-' || g || '@example.com', false, 'user', g % 1000 = 0, now(), now()
           from generate_series(1, ${SEEDED}) g`,
      );
      // Before ANALYZE the table has no statistics (reltuples -1): no estimate, an exact count.
      expect(await db.estimateCount({ model: "user" })).toBeNull();
      await pool.query(`analyze "user"`);
      await pool.query(`analyze "session"`);
      const users = await db.estimateCount({ model: "user" });
      expect(users).not.toBeNull();
      expect(Math.abs((users ?? 0) - (SEEDED + 1)) / SEEDED).toBeLessThan(0.05);
      const banned = await db.estimateCount({ model: "user", where: [{ field: "banned", value: true }] });
      expect(banned).not.toBeNull();
      expect(banned).toBeLessThan(1_000);

      const overview = await boss.client.get("/dashboard/api/overview");
      expect(overview.status).toBe(200);
      // Users past the threshold: the estimate, named. Banned users (120) and active sessions (the admin's
      // one) are below it: counted exactly and not named.
      expect(overview.body.totalsEstimated).toEqual(["users"]);
      expect(Math.abs(overview.body.totals.users - (SEEDED + 1)) / SEEDED).toBeLessThan(0.05);
      expect(overview.body.totals.bannedUsers).toBe(SEEDED / 1000);
      expect(overview.body.totals.activeSessions).toBe(1);
    }, 60_000);
  });
}
