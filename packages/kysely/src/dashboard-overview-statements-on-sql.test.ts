// The dashboard overview's cost on SQLite, PostgreSQL and MySQL/MariaDB: the statements one view sends
// (kysely's query log) are the same at 1,000 and 20,000 audit events, and for 7 days as for 90; the
// per-day counters the audit log writes beside each event survive concurrent first-of-the-day writes.
import { admin } from "@gatehouse-auth/admin";
import { auditLog } from "@gatehouse-auth/audit-log";
import { createAuth } from "@gatehouse-auth/core";
import type { Auth } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { dashboard } from "@gatehouse-auth/dashboard";
import { describe, expect } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";

const DAY = 86_400_000;
const TYPES = ["user.signed_up", "user.signed_in", "user.sign_in_failed"];

for (const [name, open] of testDatabases) {
  describe(`dashboard overview statements on ${name}`, { timeout: 180_000 }, () => {
    const make = (queries: string[] = [], now?: () => number): Auth =>
      createAuth({
        advanced: now ? { now } : {},
        database: kyselyAdapter({ database: database(), onQuery: (q) => queries.push(q) }),
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        emailAndPassword: { enabled: true },
        logger: { error: () => {}, warn: () => {} },
        plugins: [dashboard(), admin(), auditLog()],
      });

    const { database, test } = useTestDatabase(`dashboard overview on ${name}`, open, () =>
      make().$context.adapter.migrate!(),
    );

    /** `n` more events spread over the last 90 days, with the counters the audit log would have written. */
    async function addEvents(auth: Auth, from: number, n: number) {
      const db = auth.$context.db;
      const now = Date.now();
      const counts = new Map<string, number>();
      const batch: Promise<unknown>[] = [];
      for (let i = from; i < from + n; i++) {
        const type = TYPES[i % 3] as string;
        const createdAt = new Date(now - (i % 90) * DAY);
        const id = `${createdAt.toISOString().slice(0, 10)}|${type}`;
        counts.set(id, (counts.get(id) ?? 0) + 1);
        batch.push(db.create({ model: "auditEvent", data: { type, outcome: "success", details: "{}", createdAt } }));
        if (batch.length === 200) await Promise.all(batch.splice(0));
      }
      await Promise.all(batch);
      for (const [id, count] of counts) {
        const [day, type] = id.split("|");
        const bumped = await db.updateMany({
          model: "auditDailyCount",
          where: [{ field: "id", value: id }],
          update: {},
          increment: { count },
        });
        if (bumped === 0) await db.create({ model: "auditDailyCount", data: { id, day, type, count } });
      }
    }

    test("one view sends the same statements at 1,000 and 20,000 events, for 7 days as for 90", async () => {
      const seeding = make();
      // One browser whose requests go to whichever instance is current: the same session cookie on each.
      let current = seeding;
      const browser = createTestClient({ options: seeding.options, handler: (...a) => current.handler(...a) });
      const up = await browser.post("/sign-up/email", {
        name: "Boss",
        email: `boss-${Date.now()}@example.com`,
        password: "password-123",
      });
      expect(up.status).toBe(200);
      await seeding.$context.db.update({
        model: "user",
        where: [{ field: "id", value: up.body.user.id }],
        update: { role: "admin" },
      });
      await seeding.settled();

      /** Statements of a first view (totals counted) and of a second (totals reused), on a fresh instance. */
      const statements = async (days: string) => {
        const queries: string[] = [];
        current = make(queries);
        // The start-up schema check (three statements on the first request) is not the view's.
        await current.ready();
        const view = async () => {
          queries.length = 0;
          const r = await browser.get("/dashboard/api/overview", { query: { days } });
          expect(r.status).toBe(200);
          const days_ = r.body.days as { signUps: number; signIns: number; failedSignIns: number }[];
          return {
            count: queries.length,
            counts: queries.filter((q) => q.includes("count(*)")).length,
            charted: days_.reduce((n, d) => n + d.signUps + d.signIns + d.failedSignIns, 0),
          };
        };
        const first = await view();
        const second = await view();
        // The whole-table totals (users, banned users, active sessions) in the first view only.
        expect([first.counts, second.counts]).toEqual([3, 0]);
        return { first: first.count, second: second.count, charted: second.charted };
      };

      await addEvents(seeding, 0, 1_000);
      const small = [await statements("7"), await statements("90")];
      await addEvents(seeding, 1_000, 19_000);
      const large = [await statements("7"), await statements("90")];
      // 20,000 events over 90 days (+ the boss's sign-up): all charted by the 90-day view, none counted.
      expect(large[1]?.charted).toBe(20_001);
      expect(small[1]?.charted).toBe(1_001);
      const shape = (r: { first: number; second: number }[]) => r.map(({ first, second }) => [first, second]);
      expect(shape(large)).toEqual(shape(small));
      expect(shape(small)[0]).toEqual(shape(small)[1]);
    });

    test("concurrent first events of a day all count: one counter row, no lost increment", async () => {
      // A day no other test wrote: every sign-up races to create its counter row.
      const day = Date.UTC(2031, 0, 2, 12);
      const auth = make([], () => day);
      const signUps = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          createTestClient(auth).post("/sign-up/email", {
            name: "Racer",
            email: `racer-${i}-${Date.now()}@example.com`,
            password: "password-123",
          }),
        ),
      );
      expect(signUps.map((r) => r.status)).toEqual(Array(12).fill(200));
      // The audit log writes after the answer (core's settled() does not wait for it): read until all twelve
      // events are stored and counted, or five seconds have passed.
      const read = async () => {
        const rows = await auth.$context.db.findMany<{ id: string; count: number }>({
          model: "auditDailyCount",
          where: [{ field: "day", value: "2031-01-02" }],
        });
        const events = await auth.$context.db.count({
          model: "auditEvent",
          where: [{ field: "createdAt", operator: "gte", value: new Date(Date.UTC(2031, 0, 2)) }],
        });
        return { events, counters: rows.map((r) => [r.id, r.count]) };
      };
      let seen = await read();
      for (let i = 0; i < 50 && (seen.events < 12 || seen.counters[0]?.[1] !== 12); i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        seen = await read();
      }
      expect(seen).toEqual({ events: 12, counters: [["2031-01-02|user.signed_up", 12]] });
    });
  });
}
