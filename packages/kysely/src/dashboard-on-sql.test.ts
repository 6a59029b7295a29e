// The dashboard's data endpoints on SQLite, PostgreSQL and MySQL/MariaDB: `in` lists, `contains`
// search, date windows and counts go through real SQL here, and nothing may come back as a 500.
// Each server that is not running is skipped with a one-line notice (see kysely's test-databases.ts).
import { admin } from "@gatehouse-auth/admin";
import { apiKey } from "@gatehouse-auth/api-key";
import { auditLog } from "@gatehouse-auth/audit-log";
import { createAuth } from "@gatehouse-auth/core";
import type { Auth } from "@gatehouse-auth/core";
import { createTestClient, signUpUser } from "@gatehouse-auth/core/testing";
import { organization } from "@gatehouse-auth/organization";
import { describe, expect } from "vitest";
import { dashboard } from "@gatehouse-auth/dashboard";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";

let counter = 0;
const unique = (tag: string) => `${tag}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

for (const [name, open] of testDatabases) {
  describe(`dashboard on ${name}`, () => {
    const make = (): Auth =>
      createAuth({
        database: kyselyAdapter({ database: database() }),
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        emailAndPassword: { enabled: true },
        logger: { error: () => {}, warn: () => {} },
        plugins: [
          dashboard(),
          admin(),
          organization({ teams: { enabled: true }, sendInvitationEmail: () => {} }),
          apiKey(),
          auditLog(),
        ],
      });

    const { database, test } = useTestDatabase(`dashboard on ${name}`, open, () => make().$context.adapter.migrate!());

    test("every data endpoint answers, with the right counts and no secrets", async () => {
      const auth = make();
      const owner = await signUpUser(auth, `${unique("owner")}@example.com`);
      const member = await signUpUser(auth, `${unique("member")}@example.com`);
      const failed = await createTestClient(auth).post("/sign-in/email", {
        email: owner.email,
        password: "wrong-pass-1",
      });
      expect(failed.status).toBe(401);
      const slug = unique("acme");
      const org = await owner.client.post("/organization/create", { name: `Acme ${slug}`, slug });
      expect(org.status).toBe(200);
      const api = auth.api as unknown as Record<string, (input: unknown) => Promise<unknown>>;
      await api.addMember?.({ body: { userId: member.userId, role: "member", organizationId: org.body.id } });
      await owner.client.post("/organization/create-team", { name: "Ops", organizationId: org.body.id });
      await owner.client.post("/organization/invite-member", {
        email: `${unique("inv")}@example.com`,
        role: "member",
        organizationId: org.body.id,
      });
      const key = await owner.client.post("/api-key/create", { name: "ci" });
      expect(key.status).toBe(200);
      const boss = await signUpUser(auth, `${unique("admin")}@example.com`);
      await auth.$context.db.update({
        model: "user",
        where: [{ field: "id", value: boss.userId }],
        update: { role: "admin" },
      });
      await settle();

      const get = (path: string, query: Record<string, string> = {}) =>
        boss.client.get(`/dashboard/api/${path}`, { query });
      const me = await get("me");
      expect(me.body.features).toEqual({
        organization: true,
        apiKey: true,
        auditLog: true,
        passkey: false,
        oauthProvider: false,
        sso: false,
        scim: false,
      });

      const overview = await get("overview", { days: "7" });
      expect(overview.status).toBe(200);
      const today = overview.body.days.at(-1);
      expect(today.signUps).toBeGreaterThanOrEqual(3);
      expect(today.failedSignIns).toBeGreaterThanOrEqual(1);
      expect(overview.body.totals.users).toBeGreaterThanOrEqual(3);

      const detail = await get("user-detail", { id: owner.userId });
      expect(detail.status).toBe(200);
      expect(detail.body.organizations).toEqual([expect.objectContaining({ id: org.body.id, role: "owner" })]);
      expect(detail.body.apiKeys).toEqual([expect.objectContaining({ id: key.body.id, enabled: true })]);

      const orgs = await get("list-organizations", { search: slug.toUpperCase(), limit: "10" });
      expect(orgs.status).toBe(200);
      expect(orgs.body.organizations).toEqual([expect.objectContaining({ id: org.body.id, memberCount: 2 })]);
      expect(orgs.body.total).toBe(1);

      const one = await get("get-organization", { id: org.body.id });
      expect(one.status).toBe(200);
      expect(one.body.members).toHaveLength(2);
      expect(one.body.invitations).toHaveLength(1);
      expect(one.body.teams).toContainEqual(expect.objectContaining({ name: "Ops", memberCount: 0 }));

      // Organizations are installed, the sso plugin is not: its page's route says so.
      const sso = await get("list-sso-connections");
      expect([sso.status, sso.body.code]).toEqual([404, "DASHBOARD_FEATURE_NOT_INSTALLED"]);

      const keys = await get("list-api-keys", { userId: owner.userId });
      expect(keys.body).toMatchObject({ total: 1, apiKeys: [{ id: key.body.id, user: { id: owner.userId } }] });

      const stored = await auth.$context.db.findMany<Record<string, unknown>>({ model: "apikey" });
      const secrets = [key.body.key, ...stored.map((k) => k.key), owner.token, boss.token];
      for (const r of [detail, orgs, one, keys, overview, me])
        for (const secret of secrets) expect(r.text).not.toContain(secret as string);

      for (const [path, query] of [
        ["overview", { days: "1000" }],
        ["list-organizations", { limit: "-1" }],
        ["list-api-keys", { limit: "abc" }],
        ["user-detail", {}],
      ] as const) {
        const r = await get(path, query);
        expect([r.status, r.body.code], path).toEqual([400, "VALIDATION_ERROR"]);
      }
      expect((await get("user-detail", { id: "x".repeat(255) })).status).toBe(404);
      expect((await get("get-organization", { id: "nope" })).status).toBe(404);

      const del = await boss.client.post("/dashboard/api/delete-api-key", { id: key.body.id });
      expect(del.status).toBe(200);
      const again = await boss.client.post("/dashboard/api/delete-api-key", { id: key.body.id });
      expect(again.status).toBe(404);
    });
  });
}
