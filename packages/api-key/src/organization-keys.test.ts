// Organization-owned keys, through HTTP: managed by members whose role grants `apiKey` actions, never a
// user session (every session route refuses the kind), verified by the app to learn which organization
// calls; strangers, plain members, removed members, user keys, impersonation and cross-site posts refused.
import { admin } from "@gatehouse-auth/admin";
import { createTestClient } from "@gatehouse-auth/core/testing";
import type { TestClient } from "@gatehouse-auth/core/testing";
import { organization } from "@gatehouse-auth/organization";
import { describe, expect, it } from "vitest";
import { createKey, makeKeyAuth, newUser, serverApi } from "./test-helpers.js";

const withKey = (key: string) => ({ headers: { "x-api-key": key } });
const NOT_ALLOWED = {
  code: "ORGANIZATION_KEYS_NOT_ALLOWED",
  message: "You are not allowed to manage this organization's API keys",
};
const ORG_KEY_REFUSED = {
  code: "CREDENTIAL_NOT_ALLOWED",
  message: "This endpoint cannot be called with an organization API key",
};

/** An auth with organizations (and admin), an organization with an owner, an admin and a plain member, and a stranger. */
async function setUp() {
  const { auth, clock } = makeKeyAuth({}, { plugins: [organization(), admin()] });
  const owner = await newUser(auth);
  const created = await owner.client.post("/organization/create", { name: "Acme", slug: `acme-${Date.now()}` });
  expect(created.status).toBe(200);
  const orgId = created.body.id as string;
  const addMember = async (role: string) => {
    const u = await newUser(auth);
    const api = auth.api as unknown as { addMember(i: unknown): Promise<unknown> };
    await api.addMember({ body: { userId: u.userId, role, organizationId: orgId } });
    return u;
  };
  const orgAdmin = await addMember("admin");
  const member = await addMember("member");
  const stranger = await newUser(auth);
  return { auth, clock, orgId, owner, orgAdmin, member, stranger, anon: createTestClient(auth) };
}

const listOf = async (client: TestClient, organizationId: string) =>
  client.get("/api-key/list", { query: { organizationId } });

describe("organization API keys", () => {
  it("owner and admin create (shown once), list, get, update and delete them; keys name the organization", async () => {
    const { owner, orgAdmin, orgId, clock } = await setUp();
    const k = await createKey(owner.client, { name: "ci", organizationId: orgId });
    expect(k).toMatchObject({ organizationId: orgId, userId: owner.userId, name: "ci" });
    expect(typeof k.key).toBe("string");
    clock.now += 1000;
    const byAdmin = await createKey(orgAdmin.client, { name: "deploy", organizationId: orgId });

    const list = await listOf(orgAdmin.client, orgId);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(2);
    expect(list.body.apiKeys.map((x: { id: string }) => x.id)).toEqual([byAdmin.id, k.id]);
    expect(list.text).not.toContain(k.key);
    expect(list.body.apiKeys[0]).not.toHaveProperty("key");
    // The organization's keys are not the creator's own keys.
    expect((await owner.client.get("/api-key/list")).body.total).toBe(0);

    expect((await orgAdmin.client.get("/api-key/get", { query: { id: k.id } })).body.name).toBe("ci");
    const renamed = await orgAdmin.client.post("/api-key/update", { keyId: k.id, name: "ci-2", enabled: false });
    expect(renamed.body).toMatchObject({ name: "ci-2", enabled: false, organizationId: orgId });
    expect((await orgAdmin.client.post("/api-key/delete", { keyId: k.id })).status).toBe(200);
    expect((await listOf(owner.client, orgId)).body.total).toBe(1);
  });

  it("never yields a user session: every session route refuses the kind; verify tells the organization", async () => {
    const { auth, owner, orgId, anon } = await setUp();
    const k = await serverApi(auth).createApiKey({
      body: { userId: owner.userId, organizationId: orgId, remaining: 5, permissions: { reports: ["read"] } },
    });
    for (const [method, path, body] of [
      ["GET", "/get-session", undefined],
      ["POST", "/update-user", { name: "Mallory" }],
      ["GET", "/organization/list", undefined],
      ["GET", "/organization/get-full-organization", undefined],
      ["POST", "/organization/has-permission", { organizationId: orgId, permissions: { member: ["create"] } }],
      ["POST", "/organization/delete", { organizationId: orgId }],
      ["GET", "/list-accounts", undefined],
      ["POST", "/change-password", { currentPassword: "x".repeat(8), newPassword: "y".repeat(8) }],
    ] as const) {
      const r = await anon.request(method, path, body, withKey(k.key));
      expect([r.status, r.body], path).toEqual([403, ORG_KEY_REFUSED]);
    }
    // The key routes do not read keys at all: without a session they are anonymous.
    expect((await anon.post("/api-key/create", { organizationId: orgId }, withKey(k.key))).status).toBe(401);
    expect((await anon.get("/api-key/list", { query: { organizationId: orgId }, ...withKey(k.key) })).status).toBe(401);
    // Refusals spent nothing; verify is the key's use.
    const verified = await anon.post("/api-key/verify", { key: k.key, permissions: { reports: ["read"] } });
    expect(verified.body).toMatchObject({
      valid: true,
      error: null,
      key: { id: k.id, organizationId: orgId, permissions: { reports: ["read"] }, remaining: 4 },
    });
    expect(verified.text).not.toContain(k.key);
    const typed = await serverApi(auth).verifyApiKey({ body: { key: k.key } });
    expect(typed.key?.organizationId).toBe(orgId);
  });

  it("a plain member, a stranger and an unknown organization get the same refusal; key ids leak nothing", async () => {
    const { owner, member, stranger, orgId } = await setUp();
    const k = await createKey(owner.client, { organizationId: orgId });
    for (const who of [member, stranger]) {
      const create = await who.client.post("/api-key/create", { organizationId: orgId });
      expect([create.status, create.body]).toEqual([403, NOT_ALLOWED]);
      const list = await listOf(who.client, orgId);
      expect([list.status, list.body]).toEqual([403, NOT_ALLOWED]);
      for (const [path, body] of [
        ["/api-key/delete", { keyId: k.id }],
        ["/api-key/update", { keyId: k.id, enabled: false }],
      ] as const) {
        const r = await who.client.post(path, body);
        expect([r.status, r.body.code], path).toEqual([404, "KEY_NOT_FOUND"]);
      }
      expect((await who.client.get("/api-key/get", { query: { id: k.id } })).status).toBe(404);
    }
    const unknown = await owner.client.post("/api-key/create", { organizationId: "no-such-organization" });
    expect([unknown.status, unknown.body]).toEqual([403, NOT_ALLOWED]);
    // Nothing changed: the key still works.
    expect((await listOf(owner.client, orgId)).body.apiKeys[0]).toMatchObject({ id: k.id, enabled: true });
    // Over HTTP nobody may act as another member, nor set what the app's verify trusts.
    const asOwner = await member.client.post("/api-key/create", { organizationId: orgId, userId: owner.userId });
    expect([asOwner.status, asOwner.body.code]).toEqual([403, "SERVER_ONLY_PROPERTY"]);
    const widen = await owner.client.post("/api-key/create", { organizationId: orgId, permissions: { a: ["b"] } });
    expect([widen.status, widen.body.code]).toEqual([403, "SERVER_ONLY_PROPERTY"]);
  });

  it("the owner of another organization reaches none of this one's keys, even by id or cursor", async () => {
    const { auth, owner, orgId, stranger } = await setUp();
    const theirs = await stranger.client.post("/organization/create", { name: "Rival", slug: `rival-${Date.now()}` });
    const rivalId = theirs.body.id as string;
    const mine = await createKey(stranger.client, { organizationId: rivalId });
    for (let i = 0; i < 3; i++)
      await serverApi(auth).createApiKey({ body: { userId: owner.userId, organizationId: orgId, name: `k${i}` } });
    const k = (await listOf(owner.client, orgId)).body.apiKeys[0];
    expect([(await listOf(stranger.client, orgId)).status, (await listOf(owner.client, rivalId)).status]).toEqual([
      403, 403,
    ]);
    expect((await stranger.client.post("/api-key/delete", { keyId: k.id })).status).toBe(404);
    expect((await stranger.client.post("/api-key/update", { keyId: k.id, name: "pwned" })).status).toBe(404);
    // A cursor of this organization's list does not page the rival's, nor the other way round.
    const page = await owner.client.get("/api-key/list", { query: { organizationId: orgId, limit: "1" } });
    const replay = await stranger.client.get("/api-key/list", {
      query: { organizationId: rivalId, cursor: page.body.nextCursor },
    });
    expect([replay.status, replay.body.code]).toEqual([400, "INVALID_CURSOR"]);
    expect((await listOf(stranger.client, rivalId)).body.apiKeys.map((x: { id: string }) => x.id)).toEqual([mine.id]);
    expect((await listOf(owner.client, orgId)).body.apiKeys.find((x: { id: string }) => x.id === k.id).name).toBe(
      k.name,
    );
  });

  it("a removed member loses access to manage; the organization's keys stay", async () => {
    const { owner, orgAdmin, orgId, anon } = await setUp();
    const k = await createKey(orgAdmin.client, { organizationId: orgId });
    const removed = await owner.client.post("/organization/remove-member", {
      memberIdOrEmail: orgAdmin.email,
      organizationId: orgId,
    });
    expect(removed.status).toBe(200);
    expect((await listOf(orgAdmin.client, orgId)).status).toBe(403);
    expect((await orgAdmin.client.post("/api-key/delete", { keyId: k.id })).status).toBe(404);
    expect((await orgAdmin.client.get("/api-key/list")).body.total).toBe(0);
    const verify = await anon.post("/api-key/verify", { key: k.key });
    expect(verify.body).toMatchObject({ valid: true, key: { organizationId: orgId } });
  });

  it("a user API key, an impersonating admin and a cross-site POST cannot manage them", async () => {
    const { auth, owner, orgId, anon } = await setUp();
    const userKey = await createKey(owner.client);
    const viaKey = await anon.post("/api-key/create", { organizationId: orgId }, withKey(userKey.key));
    expect(viaKey.status).toBe(401);
    const k = await createKey(owner.client, { organizationId: orgId });
    expect((await anon.post("/api-key/delete", { keyId: k.id }, withKey(userKey.key))).status).toBe(401);

    const boss = await newUser(auth);
    await auth.$context.users.update(boss.userId, { role: "admin" });
    expect((await boss.client.post("/admin/impersonate-user", { userId: owner.userId })).status).toBe(200);
    for (const [path, body] of [
      ["/api-key/create", { organizationId: orgId }],
      ["/api-key/update", { keyId: k.id, enabled: false }],
      ["/api-key/delete", { keyId: k.id }],
    ] as const) {
      const r = await boss.client.post(path, body);
      expect([r.status, r.body.code], path).toEqual([403, "CREDENTIAL_NOT_ALLOWED"]);
    }

    const crossSite = await owner.client.post(
      "/api-key/delete",
      { keyId: k.id },
      { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } },
    );
    expect(crossSite.status).toBe(403);
    expect((await listOf(owner.client, orgId)).body.total).toBe(1);
  });

  it("deleting the organization deletes its keys, and only its keys", async () => {
    const { auth, owner, orgId, anon } = await setUp();
    const k = await createKey(owner.client, { organizationId: orgId });
    const own = await createKey(owner.client);
    const other = await owner.client.post("/organization/create", { name: "Other", slug: `other-${Date.now()}` });
    const otherKey = await createKey(owner.client, { organizationId: other.body.id });
    expect((await owner.client.post("/organization/delete", { organizationId: orgId })).status).toBe(200);
    expect((await anon.post("/api-key/verify", { key: k.key })).body.error.code).toBe("INVALID_API_KEY");
    expect(
      await auth.$context.adapter.count({ model: "apikey", where: [{ field: "organizationId", value: orgId }] }),
    ).toBe(0);
    expect((await anon.post("/api-key/verify", { key: own.key })).body.valid).toBe(true);
    expect((await anon.post("/api-key/verify", { key: otherKey.key })).body.valid).toBe(true);
  });

  it("a key whose organization row is gone without the delete route (no after-hook ran) no longer verifies", async () => {
    const { auth, owner, orgId, anon } = await setUp();
    const k = await createKey(owner.client, { organizationId: orgId });
    expect((await anon.post("/api-key/verify", { key: k.key })).body.valid).toBe(true);
    await auth.$context.adapter.deleteMany({ model: "organization", where: [{ field: "id", value: orgId }] });
    const verified = await anon.post("/api-key/verify", { key: k.key });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ valid: false, key: null, error: { code: "INVALID_API_KEY" } });
  });

  it("pages an organization's keys by cursor; a cursor is bound to its organization", async () => {
    const { auth, owner, orgId } = await setUp();
    for (let i = 0; i < 5; i++)
      await serverApi(auth).createApiKey({ body: { userId: owner.userId, organizationId: orgId, name: `k${i}` } });
    const first = await owner.client.get("/api-key/list", { query: { organizationId: orgId, limit: "2" } });
    expect(first.body.apiKeys).toHaveLength(2);
    const second = await owner.client.get("/api-key/list", {
      query: { organizationId: orgId, limit: "2", cursor: first.body.nextCursor },
    });
    expect(second.body.apiKeys).toHaveLength(2);
    const replay = await owner.client.get("/api-key/list", { query: { cursor: first.body.nextCursor } });
    expect([replay.status, replay.body.code]).toEqual([400, "INVALID_CURSOR"]);
  });

  it("without the organization plugin, no organization key can be created", async () => {
    const { auth } = makeKeyAuth();
    const u = await newUser(auth);
    const r = await u.client.post("/api-key/create", { organizationId: "any" });
    expect([r.status, r.body]).toEqual([403, NOT_ALLOWED]);
  });
});
