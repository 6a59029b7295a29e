// Organization-owned API keys on real databases: the organizationId column and its index come from the
// migration, an organization's keys page by cursor and verify as the organization, never authenticate a
// session route, and deleting the organization deletes them (no foreign key: the plugin's delete hook).
import { apiKey } from "@gatehouse-auth/api-key";
import { createAuth } from "@gatehouse-auth/core";
import type { Auth } from "@gatehouse-auth/core";
import { createTestClient, signUpUser } from "@gatehouse-auth/core/testing";
import { organization } from "@gatehouse-auth/organization";
import { describe, expect } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";

let counter = 0;
const unique = (tag: string) => `${tag}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

for (const [name, open] of testDatabases) {
  describe(`organization API keys on ${name}`, () => {
    const make = (): Auth =>
      createAuth({
        database: kyselyAdapter({ database: database() }),
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        logger: { error: () => {}, warn: () => {} },
        plugins: [organization(), apiKey()],
      });

    const { database, test } = useTestDatabase(`organization API keys on ${name}`, open, () =>
      make().$context.adapter.migrate!(),
    );

    test("managed by the owner, verified as the organization, refused on session routes, deleted with it", async () => {
      const auth = make();
      const owner = await signUpUser(auth, `${unique("owner")}@example.com`);
      const org = (await owner.client.post("/organization/create", { name: "Org", slug: unique("org") })).body;
      const other = (await owner.client.post("/organization/create", { name: "Other", slug: unique("org") })).body;
      const keys = [];
      for (const n of ["a", "b", "c"]) {
        const r = await owner.client.post("/api-key/create", { name: n, organizationId: org.id });
        expect(r.status).toBe(200);
        keys.push(r.body);
      }
      const kept = (await owner.client.post("/api-key/create", { name: "other", organizationId: other.id })).body;
      const own = (await owner.client.post("/api-key/create", { name: "mine" })).body;

      const first = await owner.client.get("/api-key/list", { query: { organizationId: org.id, limit: "2" } });
      expect(first.body).toMatchObject({ total: 3 });
      const second = await owner.client.get("/api-key/list", {
        query: { organizationId: org.id, limit: "2", cursor: first.body.nextCursor },
      });
      const ids = [...first.body.apiKeys, ...second.body.apiKeys].map((k: { id: string }) => k.id);
      expect(ids.sort()).toEqual(keys.map((k) => k.id).sort());
      expect((await owner.client.get("/api-key/list")).body.apiKeys.map((k: { id: string }) => k.id)).toEqual([own.id]);

      const anon = createTestClient(auth);
      const session = await anon.get("/get-session", { headers: { "x-api-key": keys[0].key } });
      expect([session.status, session.body.code]).toEqual([403, "CREDENTIAL_NOT_ALLOWED"]);
      const verified = await anon.post("/api-key/verify", { key: keys[0].key });
      expect(verified.body).toMatchObject({ valid: true, key: { organizationId: org.id, userId: owner.userId } });

      expect((await owner.client.post("/organization/delete", { organizationId: org.id })).status).toBe(200);
      expect(
        await auth.$context.db.count({ model: "apikey", where: [{ field: "organizationId", value: org.id }] }),
      ).toBe(0);
      expect((await anon.post("/api-key/verify", { key: keys[1].key })).body.error.code).toBe("INVALID_API_KEY");
      expect((await anon.post("/api-key/verify", { key: kept.key })).body.valid).toBe(true);
      expect((await anon.post("/api-key/verify", { key: own.key })).body.valid).toBe(true);
    });
  });
}
