// The plugin next to @gatehouse-auth/admin: a ban reaches API keys through core's validateUser, with no
// code of either plugin knowing the other.
import { admin } from "@gatehouse-auth/admin";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { describe, expect, it } from "vitest";
import { makeKeyAuth, newUser, serverApi } from "./test-helpers.js";

const withKey = (key: string) => ({ headers: { "x-api-key": key } });
const BANNED = { code: "BANNED_USER", message: "You have been banned from this application" };

/** An auth with both plugins, a signed-in admin, and a user holding a key with 10 uses. */
async function setUp() {
  const { auth, clock, watch } = makeKeyAuth({}, { plugins: [admin()] });
  const boss = await newUser(auth);
  await auth.$context.users.update(boss.userId, { role: "admin" });
  const owner = await newUser(auth);
  const key = await serverApi(auth).createApiKey({ body: { userId: owner.userId, remaining: 10 } });
  return { auth, clock, watch, boss, owner, key, anon: createTestClient(auth) };
}

const remainingOf = async (auth: Awaited<ReturnType<typeof setUp>>["auth"], id: string, userId: string) =>
  (await serverApi(auth).getApiKey({ query: { id, userId } })).remaining;

describe("API keys of a banned user", () => {
  it("stop working at once: get-session, session routes and verify refuse them, spending nothing", async () => {
    const { auth, boss, owner, key, anon } = await setUp();
    expect((await anon.get("/get-session", withKey(key.key))).body.user.id).toBe(owner.userId);
    expect((await boss.client.post("/admin/ban-user", { userId: owner.userId })).status).toBe(200);

    const session = await anon.get("/get-session", withKey(key.key));
    expect(session.status).toBe(403);
    expect(session.body).toEqual(BANNED);
    const update = await anon.post("/update-user", { name: "Banned but busy" }, withKey(key.key));
    expect(update.status).toBe(403);
    expect((await auth.$context.users.findById(owner.userId))?.name).toBe("Test");
    expect((await anon.get("/list-accounts", withKey(key.key))).status).toBe(403);
    const verify = await anon.post("/api-key/verify", { key: key.key });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ valid: false, error: BANNED, key: null });
    // Only the use before the ban counted.
    expect(await remainingOf(auth, key.id, owner.userId)).toBe(9);
  });

  it("work again after unban-user, and after a ban with an end has run out (injected clock)", async () => {
    const { boss, owner, key, anon, clock } = await setUp();
    await boss.client.post("/admin/ban-user", { userId: owner.userId });
    expect((await anon.get("/get-session", withKey(key.key))).status).toBe(403);
    await boss.client.post("/admin/unban-user", { userId: owner.userId });
    expect((await anon.get("/get-session", withKey(key.key))).body.user.id).toBe(owner.userId);

    await boss.client.post("/admin/ban-user", { userId: owner.userId, banExpiresIn: 60 });
    expect((await anon.post("/api-key/verify", { key: key.key })).body.error).toEqual(BANNED);
    clock.now += 61_000;
    expect((await anon.post("/api-key/verify", { key: key.key })).body.valid).toBe(true);
    expect((await anon.get("/get-session", withKey(key.key))).body.user.id).toBe(owner.userId);
  });

  it("the ban check reads the owner row the key lookup joined: no extra query", async () => {
    const { boss, owner, key, anon, watch } = await setUp();
    watch.calls.length = 0;
    expect((await anon.get("/get-session", withKey(key.key))).status).toBe(200);
    expect(watch.calls).toEqual(["findOne apikey", "updateMany apikey"]);
    await boss.client.post("/admin/ban-user", { userId: owner.userId });
    watch.calls.length = 0;
    expect((await anon.get("/get-session", withKey(key.key))).status).toBe(403);
    expect(watch.calls).toEqual(["findOne apikey"]);
  });

  it("set-user-password ends the user's sessions but leaves their keys working", async () => {
    const { boss, owner, key, anon } = await setUp();
    const r = await boss.client.post("/admin/set-user-password", { userId: owner.userId, newPassword: "new-pass-123" });
    expect(r.status).toBe(200);
    expect((await owner.client.get("/get-session")).body).toBeNull();
    expect((await anon.get("/get-session", withKey(key.key))).body.user.id).toBe(owner.userId);
  });
});

describe("impersonation and API keys", () => {
  it("an admin authenticated by an API key cannot impersonate: it takes a real session", async () => {
    const { auth, boss, owner, anon } = await setUp();
    const bossKey = await serverApi(auth).createApiKey({ body: { userId: boss.userId } });
    const r = await anon.post("/admin/impersonate-user", { userId: owner.userId }, withKey(bossKey.key));
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("CREDENTIAL_NOT_ALLOWED");
    expect(r.headers.getSetCookie()).toEqual([]);
    expect(await auth.$context.sessions.listByUser(owner.userId)).toHaveLength(1);
    // The same admin with their session cookie may.
    expect((await boss.client.post("/admin/impersonate-user", { userId: owner.userId })).status).toBe(200);
  });

  it("an impersonation session can neither create nor change the user's keys (they would outlive it)", async () => {
    const { auth, boss, owner, key } = await setUp();
    expect((await boss.client.post("/admin/impersonate-user", { userId: owner.userId })).status).toBe(200);
    const refused = {
      code: "CREDENTIAL_NOT_ALLOWED",
      message: "This endpoint cannot be called with an impersonation session",
    };
    const created = await boss.client.post("/api-key/create", { name: "backdoor" });
    expect(created.status).toBe(403);
    expect(created.body).toEqual(refused);
    const updated = await boss.client.post("/api-key/update", { keyId: key.id, name: "renamed", enabled: false });
    expect(updated.status).toBe(403);
    expect(updated.body).toEqual(refused);
    const keys = await auth.$context.db.findMany({
      model: "apikey",
      where: [{ field: "userId", value: owner.userId }],
    });
    expect(keys.map((k) => [k.id, k.name, k.enabled])).toEqual([[key.id, null, true]]);
    // Reading and listing stay open: they show nothing secret.
    expect((await boss.client.get("/api-key/list")).status).toBe(200);
    // The owner's own session may.
    expect((await owner.client.post("/api-key/create", { name: "mine" })).status).toBe(200);
  });

  it("with allowSensitiveActionsWhileImpersonating the impersonation may create keys", async () => {
    const { auth } = makeKeyAuth({}, { plugins: [admin({ allowSensitiveActionsWhileImpersonating: true })] });
    const boss = await newUser(auth);
    await auth.$context.users.update(boss.userId, { role: "admin" });
    const owner = await newUser(auth);
    expect((await boss.client.post("/admin/impersonate-user", { userId: owner.userId })).status).toBe(200);
    const created = await boss.client.post("/api-key/create", { name: "support" });
    expect(created.status).toBe(200);
    expect(created.body.userId).toBe(owner.userId);
  });
});
