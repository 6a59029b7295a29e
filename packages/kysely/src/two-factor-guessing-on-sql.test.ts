// Wrong second-factor codes counted per account in the shared database: two app instances (two
// createAuth on one database, as behind a load balancer) and parallel guesses split between them cannot
// get more codes checked than the budget, and the lockout one of them starts holds on the other.
import { createAuth } from "@gatehouse-auth/core";
import type { Auth } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { twoFactor } from "@gatehouse-auth/two-factor";
import { describe, expect } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { openPostgres, useTestDatabase } from "./test-databases.js";

const PASSWORD = "password-123";

describe("two-factor wrong codes per account on PostgreSQL, two instances", { timeout: 60_000 }, () => {
  const lockouts: string[] = [];
  const make = (): Auth =>
    createAuth({
      database: kyselyAdapter({ database: database() }),
      secret: "test-secret-0123456789abcdef0123456789",
      baseURL: "http://localhost:3000",
      emailAndPassword: { enabled: true },
      logger: { error: () => {}, warn: () => {} },
      plugins: [
        twoFactor({
          failedAttempts: { free: 9, max: 10 },
          onTooManyFailedAttempts: ({ user }) => void lockouts.push(user.email),
        }),
      ],
    });
  const { database, test } = useTestDatabase("two-factor guessing on PostgreSQL", openPostgres, () =>
    make().$context.adapter.migrate!(),
  );

  async function userWithTwoFactor(auth: Auth) {
    const client = createTestClient(auth);
    const email = `guess-${Math.random().toString(36).slice(2, 10)}@example.com`;
    expect((await client.post("/sign-up/email", { name: "G", email, password: PASSWORD })).status).toBe(200);
    const r = await client.post("/two-factor/enable", { password: PASSWORD });
    return { email, client, backupCodes: r.body.backupCodes as string[] };
  }

  test("30 parallel wrong codes over two instances: at most 9 answered as checked, then both refuse", async () => {
    const [a, b] = [make(), make()];
    const u = await userWithTwoFactor(a);
    // Two-factor is on once a code verifies; a backup code is not accepted for that, so switch it on directly.
    await a.$context.db.updateMany({
      model: "user",
      where: [{ field: "email", value: u.email }],
      update: { twoFactorEnabled: true },
    });
    const challenged = async (auth: Auth) => {
      const c = createTestClient(auth);
      expect((await c.post("/sign-in/email", { email: u.email, password: PASSWORD })).body.twoFactorRedirect).toBe(
        true,
      );
      return c;
    };
    const browsers = await Promise.all([a, b, a, b, a, b].map(challenged));
    const rs = await Promise.all(
      browsers.flatMap((c, i) =>
        [0, 1, 2, 3, 4].map((k) => c.post("/two-factor/verify-totp", { code: String(300000 + i * 5 + k) })),
      ),
    );
    expect(rs.filter((r) => r.status !== 401 && r.status !== 429).map((r) => r.text)).toEqual([]);
    expect(rs.filter((r) => r.body.code === "INVALID_TWO_FACTOR_CODE").length).toBeLessThanOrEqual(9);
    for (const auth of [a, b]) {
      const owner = await challenged(auth);
      const r = await owner.post("/two-factor/verify-backup-code", { code: u.backupCodes[0] });
      expect([r.status, r.body.code]).toEqual([429, "TWO_FACTOR_LOCKED"]);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lockouts.filter((e) => e === u.email)).toHaveLength(1);
  });
});
