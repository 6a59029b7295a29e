// The adapter's bounded count and estimateCount, and the dashboard totals built on them, on each real
// server: PostgreSQL answers its planner's estimate (past 100,000 users the overview shows it, marked,
// instead of counting the table); SQLite and MariaDB make no estimate, and the overview counts up to
// 100,000 and says "more" past it.
import { admin } from "@gatehouse-auth/admin";
import { createAuth } from "@gatehouse-auth/core";
import type { Auth } from "@gatehouse-auth/core";
import { signUpUser } from "@gatehouse-auth/core/testing";
import { dashboard } from "@gatehouse-auth/dashboard";
import type Database from "better-sqlite3";
import type mysql from "mysql2";
import type pg from "pg";
import { describe, expect } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";

const SEEDED = 120_000;

/** SEEDED users by SQL (the API would take minutes), every thousandth banned. */
async function seedUsers(name: string, database: unknown) {
  if (name === "PostgreSQL") {
    await (database as pg.Pool).query(
      `insert into "user" (id, name, email, "emailVerified", role, banned, "createdAt", "updatedAt")
       select 'seed-' || g, 'Seed ' || g, 'seed-' || g || '@example.com', false, 'user', g % 1000 = 0, now(), now()
       from generate_series(1, ${SEEDED}) g`,
    );
    return;
  }
  if (name === "SQLite") {
    const sqlite = database as Database.Database;
    const insert = sqlite.prepare(
      `insert into "user" (id, name, email, "emailVerified", role, banned, "createdAt", "updatedAt")
       values (?, ?, ?, 0, 'user', ?, ?, ?)`,
    );
    const now = Date.now();
    sqlite.transaction(() => {
      for (let g = 1; g <= SEEDED; g++)
        insert.run(`seed-${g}`, `Seed ${g}`, `seed-${g}@example.com`, g % 1000 === 0 ? 1 : 0, now, now);
    })();
    return;
  }
  // MariaDB's sequence engine gives the rows.
  const at = new Date().toISOString().slice(0, 19).replace("T", " ");
  await (database as mysql.Pool).promise().query(
    `insert into \`user\` (id, name, email, emailVerified, role, banned, createdAt, updatedAt)
       select concat('seed-', seq), concat('Seed ', seq), concat('seed-', seq, '@example.com'), false, 'user',
              seq % 1000 = 0, '${at}', '${at}'
       from seq_1_to_${SEEDED}`,
  );
}

for (const [name, open] of testDatabases) {
  describe(`dashboard totals past 100,000 rows on ${name}`, () => {
    let clock = Date.now();
    const make = (): Auth =>
      createAuth({
        database: kyselyAdapter({ database: database() }),
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        emailAndPassword: { enabled: true },
        logger: { error: () => {}, warn: () => {} },
        advanced: { now: () => clock },
        plugins: [dashboard(), admin()],
      });
    const { database, test } = useTestDatabase(`dashboard totals on ${name}`, open, () =>
      make().$context.adapter.migrate!(),
    );

    test(name === "PostgreSQL"
      ? "a bounded count stops at its limit; past 100,000 users the overview answers the planner's estimate and names it"
      : "a bounded count stops at its limit; no estimate, so past 100,000 users the overview says 100,000+", async () => {
      const auth = make();
      const boss = await signUpUser(auth, `boss-${name}@example.com`);
      await auth.$context.db.update({
        model: "user",
        where: [{ field: "id", value: boss.userId }],
        update: { role: "admin" },
      });
      await signUpUser(auth, `second-${name}@example.com`);
      const db = auth.$context.db;
      expect(await db.count({ model: "user" })).toBe(2);
      expect(await db.count({ model: "user", limit: 1 })).toBe(1);
      expect(await db.count({ model: "user", limit: 5 })).toBe(2);
      expect(await db.count({ model: "user", where: [{ field: "id", value: boss.userId }], limit: 5 })).toBe(1);
      const small = await boss.client.get("/dashboard/api/overview");
      expect(small.status).toBe(200);
      expect(small.body).toMatchObject({ totalsEstimated: [], totalsAtLeast: [] });
      expect(small.body.totals.users).toBe(2);

      await seedUsers(name, database());
      if (name === "PostgreSQL") {
        // Before ANALYZE the table has no statistics (reltuples -1): no estimate.
        expect(await db.estimateCount({ model: "user" })).toBeNull();
        await (database() as pg.Pool).query(`analyze "user"`);
        await (database() as pg.Pool).query(`analyze "session"`);
        const users = await db.estimateCount({ model: "user" });
        expect(Math.abs((users ?? 0) - (SEEDED + 2)) / SEEDED).toBeLessThan(0.05);
        const banned = await db.estimateCount({ model: "user", where: [{ field: "banned", value: true }] });
        expect(banned).not.toBeNull();
        expect(banned).toBeLessThan(1_000);
      } else {
        expect(await db.estimateCount({ model: "user" })).toBeNull();
        expect(await db.estimateCount({ model: "user", where: [{ field: "banned", value: true }] })).toBeNull();
      }

      // Past the minute the totals are kept, a view starts the recount; the next view answers it.
      clock += 61_000;
      await boss.client.get("/dashboard/api/overview");
      await auth.settled();
      const big = await boss.client.get("/dashboard/api/overview");
      expect(big.status).toBe(200);
      // Banned users (120) and active sessions (2) are below the bound: counted exactly, not named.
      expect(big.body.totals.bannedUsers).toBe(SEEDED / 1000);
      expect(big.body.totals.activeSessions).toBe(2);
      if (name === "PostgreSQL") {
        expect(big.body).toMatchObject({ totalsEstimated: ["users"], totalsAtLeast: [] });
        expect(Math.abs(big.body.totals.users - (SEEDED + 2)) / SEEDED).toBeLessThan(0.05);
      } else {
        expect(big.body).toMatchObject({ totalsEstimated: [], totalsAtLeast: ["users"] });
        expect(big.body.totals.users).toBe(100_000);
      }
    }, 120_000);
  });
}
