// A connection's last sign-in and its sign-in events, end to end on SQLite, PostgreSQL and MySQL/MariaDB:
// an OIDC sign-in writes the connection's lastSignInAt (a conditional update with an OR and a date bound,
// at most once a minute), the dashboard's SSO listing answers it from the connection row, and the admin
// audit log finds the sign-in by its user. The app's clock is the test's: the minute's edges are exact.
// Each server that is not running is skipped with a one-line notice (kysely's test-databases.ts).
import { admin } from "@gatehouse-auth/admin";
import type { Plugin } from "@gatehouse-auth/core";
import { dashboard } from "@gatehouse-auth/dashboard";
import { afterAll, describe, expect } from "vitest";
import { testDatabases, useTestDatabase } from "../../kysely/src/test-databases.js";
import { Browser, type OidcKit, startOidcKit } from "./oidc-kit.js";

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);

interface Connection {
  providerId: string;
  lastSignInAt: string | null;
  organization: { id: string } | null;
}

for (const [name, open] of testDatabases) {
  describe(`SSO connection activity on ${name}`, () => {
    let clock = T0;
    let kit: OidcKit | undefined;
    const { test } = useTestDatabase(`SSO connection activity on ${name}`, open, async (database) => {
      kit = await startOidcKit({}, ["okta"], {
        now: () => clock,
        database,
        plugins: [admin() as Plugin, dashboard() as Plugin],
      });
    });
    // Registered after useTestDatabase's afterAll, so the servers close before the database is dropped.
    afterAll(() => kit?.close());

    test("last sign-in on the dashboard, once a minute; the sign-in found by its user", async () => {
      const k = kit as OidcKit;
      expect((await k.connect("okta")).status).toBe(200);
      const ownerId = (await k.session(k.owner))?.user.id as string;
      // The dashboard's admin: the admin plugin's role, set as an operator would.
      await k.auth.$context.db.update({
        model: "user",
        where: [{ field: "id", value: ownerId }],
        update: { role: "admin" },
      });

      const listed = async () => {
        const r = await k.owner.go(`${k.api}/dashboard/api/list-sso-connections?limit=10`);
        expect(r.status).toBe(200);
        const connections = r.json().connections as Connection[];
        expect(connections.map((c) => [c.providerId, c.organization?.id])).toEqual([["okta", k.organizationId]]);
        return connections[0]?.lastSignInAt;
      };
      const signInAt = async (at: number, email: string) => {
        clock = at;
        const browser = new Browser();
        await k.idpUser(browser, email);
        const { callback } = await k.toIdp(browser, { providerId: "okta" });
        expect((await browser.go(callback)).location).toBe(`${k.appUrl}/dashboard`);
        return (await k.session(browser))?.user.id as string;
      };

      expect(await listed()).toBeNull();
      const first = await signInAt(T0, "first@acme.test");
      expect(await listed()).toBe(new Date(T0).toISOString());
      await signInAt(T0 + 59_999, "second@acme.test");
      expect(await listed()).toBe(new Date(T0).toISOString());
      await signInAt(T0 + 60_000, "third@acme.test");
      expect(await listed()).toBe(new Date(T0 + 60_000).toISOString());

      // The sign-in names its user: the admin audit log's query by user finds it.
      await k.auth.settled();
      const log = await k.owner.go(`${k.api}/admin/audit-log?userId=${first}&type=user.signed_in`);
      expect(log.status).toBe(200);
      const events = log.json().events as { userId: string; details: Record<string, unknown> }[];
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ userId: first, details: { method: "sso", providerId: "okta" } });
    }, 60_000);
  });
}
