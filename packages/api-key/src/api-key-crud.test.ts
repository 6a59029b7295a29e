import { describe, expect, it } from "vitest";
import { isAuthError, sha256Base64Url } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { MAX_DURATION_SECONDS } from "./api-key-input.js";
import { createKey, makeKeyAuth, newUser, serverApi } from "./test-helpers.js";

const notFound = { code: "KEY_NOT_FOUND", message: "API Key not found" };

describe("managing API keys over HTTP", () => {
  it("create shows the key once; the row holds only its SHA-256", async () => {
    const { auth } = makeKeyAuth();
    const u = await newUser(auth);
    const k = await createKey(u.client, { name: "deploy", prefix: "gh_" });
    expect(k).toMatchObject({ name: "deploy", enabled: true, prefix: "gh_", userId: u.userId, expiresAt: null });
    expect(k.key).toMatch(/^gh_[A-Za-z0-9]{64}$/);
    expect(k.start).toBe(k.key.slice(0, 9));
    const row = await auth.$context.adapter.findOne({ model: "apikey", where: [{ field: "id", value: k.id }] });
    expect(row?.key).toBe(sha256Base64Url(k.key));
    expect(JSON.stringify(row)).not.toContain(k.key);
    const list = await u.client.get("/api-key/list");
    const got = await u.client.get("/api-key/get", { query: { id: k.id } });
    for (const r of [list, got]) {
      expect(r.status).toBe(200);
      expect(r.text).not.toContain(k.key);
      expect(r.text).not.toContain(row?.key);
    }
    expect(got.body).not.toHaveProperty("key");
    expect(list.body).toMatchObject({ total: 1, apiKeys: [{ id: k.id, name: "deploy" }] });
  });

  it("list is newest first with paging; total counts every key", async () => {
    const { auth, clock } = makeKeyAuth();
    const u = await newUser(auth);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      clock.now += 1000;
      ids.push((await createKey(u.client, { name: `k${i}` })).id);
    }
    const page = await u.client.get("/api-key/list", { query: { limit: "2", offset: "1" } });
    expect(page.body.total).toBe(3);
    expect(page.body.apiKeys.map((k: { id: string }) => k.id)).toEqual([ids[1], ids[0]]);
  });

  it("update renames, disables, re-times and clears; unknown fields of the body are ignored", async () => {
    const { auth, clock } = makeKeyAuth();
    const u = await newUser(auth);
    const k = await createKey(u.client, { expiresIn: 60 });
    const r = await u.client.post("/api-key/update", {
      keyId: k.id,
      name: "renamed",
      enabled: false,
      expiresIn: 3600,
      metadata: { env: "ci" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: "renamed", enabled: false, metadata: { env: "ci" } });
    expect(new Date(r.body.expiresAt).getTime()).toBe(clock.now + 3600_000);
    const cleared = await u.client.post("/api-key/update", { keyId: k.id, expiresIn: null, metadata: null });
    expect(cleared.body).toMatchObject({ expiresAt: null, metadata: null, name: "renamed" });
    const same = await u.client.post("/api-key/update", { keyId: k.id });
    expect(same.body.name).toBe("renamed");
  });

  it("a refill needs both its amount and its interval", async () => {
    const { auth } = makeKeyAuth();
    const { userId } = await newUser(auth);
    await expect(serverApi(auth).createApiKey({ body: { userId, refillAmount: 5 } })).rejects.toMatchObject({
      status: 400,
      code: "VALIDATION_ERROR",
    });
  });

  it("delete removes the key; a second delete is not found", async () => {
    const { auth } = makeKeyAuth();
    const u = await newUser(auth);
    const k = await createKey(u.client);
    expect((await u.client.post("/api-key/delete", { keyId: k.id })).body).toEqual({ success: true });
    const again = await u.client.post("/api-key/delete", { keyId: k.id });
    expect(again.status).toBe(404);
    expect(again.body).toEqual(notFound);
    expect((await u.client.get("/api-key/list")).body).toEqual({ apiKeys: [], total: 0, nextCursor: null });
  });

  it("another user's key cannot be read, updated or deleted: it is simply not found", async () => {
    const { auth } = makeKeyAuth();
    const owner = await newUser(auth);
    const other = await newUser(auth);
    const k = await createKey(owner.client, { name: "mine" });
    const attempts = [
      await other.client.get("/api-key/get", { query: { id: k.id } }),
      await other.client.post("/api-key/update", { keyId: k.id, name: "stolen", enabled: false }),
      await other.client.post("/api-key/delete", { keyId: k.id }),
    ];
    for (const r of attempts) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual(notFound);
    }
    expect((await other.client.get("/api-key/list")).body).toEqual({ apiKeys: [], total: 0, nextCursor: null });
    const still = await owner.client.get("/api-key/get", { query: { id: k.id } });
    expect(still.body).toMatchObject({ name: "mine", enabled: true });
  });

  it("every route needs a session over HTTP", async () => {
    const { auth } = makeKeyAuth();
    const anon = createTestClient(auth);
    const calls = [
      await anon.post("/api-key/create", { name: "x" }),
      await anon.get("/api-key/get", { query: { id: "x" } }),
      await anon.get("/api-key/list"),
      await anon.post("/api-key/update", { keyId: "x", name: "y" }),
      await anon.post("/api-key/delete", { keyId: "x" }),
      await anon.post("/api-key/delete-all-expired-api-keys", {}),
    ];
    for (const r of calls) expect(r.status).toBe(401);
  });

  it("refuses userId and the server-only fields over HTTP, naming the field", async () => {
    const { auth } = makeKeyAuth();
    const victim = await newUser(auth);
    const attacker = await newUser(auth);
    const mine = await createKey(attacker.client);
    const refused = [
      [await attacker.client.post("/api-key/create", { name: "x", userId: victim.userId }), "userId"],
      [await attacker.client.get("/api-key/list", { query: { userId: victim.userId } }), "userId"],
      [await attacker.client.post("/api-key/update", { keyId: mine.id, userId: attacker.userId }), "userId"],
      [await attacker.client.post("/api-key/create", { name: "x", remaining: 1000 }), "remaining"],
      [await attacker.client.post("/api-key/create", { permissions: { files: ["write"] } }), "permissions"],
      [await attacker.client.post("/api-key/update", { keyId: mine.id, rateLimitEnabled: false }), "rateLimitEnabled"],
      [await attacker.client.post("/api-key/update", { keyId: mine.id, rateLimitMax: 1e6 }), "rateLimitMax"],
      [
        await attacker.client.post("/api-key/update", { keyId: mine.id, refillAmount: 9, refillInterval: 1 }),
        "refillAmount",
      ],
    ] as const;
    for (const [r, field] of refused) {
      expect(r.status).toBe(403);
      expect(r.body).toEqual({
        code: "SERVER_ONLY_PROPERTY",
        message: "This field can only be set by a server-side call",
        field,
      });
    }
    expect((await victim.client.get("/api-key/list")).body.total).toBe(0);
    expect((await attacker.client.get("/api-key/list")).body.total).toBe(1);
  });

  it("server-side calls may act for any user and set limits and permissions", async () => {
    const { auth } = makeKeyAuth();
    const u = await newUser(auth);
    const api = serverApi(auth);
    const k = await api.createApiKey({
      body: {
        userId: u.userId,
        name: "svc",
        remaining: 3,
        rateLimitMax: 10,
        rateLimitTimeWindow: 5,
        permissions: { files: ["read"] },
      },
    });
    expect(k).toMatchObject({ userId: u.userId, remaining: 3, rateLimitMax: 10, permissions: { files: ["read"] } });
    const updated = await api.updateApiKey({ body: { keyId: k.id, userId: u.userId, remaining: null } });
    expect(updated.remaining).toBeNull();
    expect((await api.getApiKey({ query: { id: k.id, userId: u.userId } })).name).toBe("svc");
    expect((await api.listApiKeys({ query: { userId: u.userId } })).total).toBe(1);
    // The user sees it too, and can manage it within their own limits.
    expect((await u.client.get("/api-key/list")).body.apiKeys[0].id).toBe(k.id);
  });

  it("server-side calls need a userId or a session, and the user must exist", async () => {
    const { auth } = makeKeyAuth();
    const api = serverApi(auth);
    const noOwner = await api.createApiKey({ body: { name: "x" } }).catch((e: unknown) => e);
    expect(isAuthError(noOwner) && [noOwner.status, noOwner.code]).toEqual([400, "USER_ID_OR_SESSION_REQUIRED"]);
    const ghost = await api.createApiKey({ body: { userId: "nobody" } }).catch((e: unknown) => e);
    expect(isAuthError(ghost) && [ghost.status, ghost.code]).toEqual([404, "USER_NOT_FOUND"]);
  });

  it("a key deleted between lookup and write answers 'Failed to update API key.' (500)", async () => {
    const { auth, watch } = makeKeyAuth();
    const u = await newUser(auth);
    const k = await createKey(u.client);
    watch.failUpdatesOf = "apikey";
    const r = await u.client.post("/api-key/update", { keyId: k.id, name: "late" });
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ code: "FAILED_TO_UPDATE_API_KEY", message: "Failed to update API key." });
  });

  it("delete-all-expired: the caller's own over HTTP, everyone's server-side", async () => {
    const { auth, clock } = makeKeyAuth();
    const a = await newUser(auth);
    const b = await newUser(auth);
    await createKey(a.client, { expiresIn: 60 });
    const aLive = await createKey(a.client, { expiresIn: 3600 });
    await createKey(b.client, { expiresIn: 60 });
    clock.now += 120_000;
    const own = await a.client.post("/api-key/delete-all-expired-api-keys", {});
    expect(own.body).toEqual({ success: true, deleted: 1 });
    expect((await a.client.get("/api-key/list")).body.apiKeys.map((k: { id: string }) => k.id)).toEqual([aLive.id]);
    expect((await b.client.get("/api-key/list")).body.total).toBe(1);
    expect(await serverApi(auth).deleteAllExpiredApiKeys({ body: {} })).toEqual({ success: true, deleted: 1 });
    expect((await b.client.get("/api-key/list")).body.total).toBe(0);
  });

  it("create with expiresIn sets the expiry that many seconds after now", async () => {
    const { auth, clock } = makeKeyAuth({ defaultExpiresIn: 600 });
    const u = await newUser(auth);
    expect(new Date((await createKey(u.client, { expiresIn: 172800 })).expiresAt).getTime()).toBe(
      clock.now + 172800_000,
    );
    expect(new Date((await createKey(u.client)).expiresAt).getTime()).toBe(clock.now + 600_000);
    expect((await createKey(u.client, { expiresIn: null })).expiresAt).toBeNull();
    expect((await u.client.post("/api-key/create", { expiresIn: -5 })).status).toBe(400);
  });

  it("durations beyond 100 years and out-of-range numbers are a 400 VALIDATION_ERROR, never a 500", async () => {
    const { auth } = makeKeyAuth();
    const u = await newUser(auth);
    const k = await createKey(u.client);
    const tooLong = [1e13, MAX_DURATION_SECONDS + 1, Number.MAX_SAFE_INTEGER, 1e300, 1.5, 0];
    for (const expiresIn of tooLong) {
      for (const [path, body] of [
        ["/api-key/create", { expiresIn }],
        ["/api-key/update", { keyId: k.id, expiresIn }],
      ] as const) {
        const r = await u.client.post(path, body);
        expect(r.status, `${path} ${expiresIn}`).toBe(400);
        expect(r.body.code).toBe("VALIDATION_ERROR");
      }
    }
    const longest = await createKey(u.client, { expiresIn: MAX_DURATION_SECONDS });
    expect(new Date(longest.expiresAt).getTime()).toBeGreaterThan(Date.now() + 99 * 365 * 86400_000);
    const badPages: Record<string, string>[] = [
      { offset: "1e20" },
      { offset: "-1" },
      { limit: "0" },
      { offset: "10001" },
      { limit: "x" },
    ];
    for (const query of badPages) {
      expect((await u.client.get("/api-key/list", { query })).status, JSON.stringify(query)).toBe(400);
    }
    // Server-side only fields: the same bounds (a validation error, thrown to the server's caller).
    const api = serverApi(auth);
    const bad: Record<string, unknown>[] = [
      { refillAmount: 10, refillInterval: MAX_DURATION_SECONDS + 1 },
      { refillAmount: 10, refillInterval: 1e300 },
      { refillAmount: 1e300, refillInterval: 60 },
      { rateLimitTimeWindow: Number.MAX_SAFE_INTEGER },
      { rateLimitTimeWindow: 0.5 },
      { rateLimitMax: 1e300 },
      { rateLimitMax: 0 },
      { remaining: 1e300 },
      { remaining: -1 },
    ];
    for (const fields of bad) {
      for (const call of [
        () => api.createApiKey({ body: { userId: u.userId, ...fields } }),
        () => api.updateApiKey({ body: { keyId: k.id, userId: u.userId, ...fields } }),
      ]) {
        const error = await call().catch((e: unknown) => e);
        expect(isAuthError(error) && [error.status, error.code], JSON.stringify(fields)).toEqual([
          400,
          "VALIDATION_ERROR",
        ]);
      }
    }
  });

  it("duration options outside 1 s to 100 years fail at startup", () => {
    for (const bad of [0, 1.5, 1e13]) {
      expect(() => makeKeyAuth({ defaultExpiresIn: bad })).toThrow(/defaultExpiresIn/);
      expect(() => makeKeyAuth({ rateLimit: { timeWindow: bad } })).toThrow(/timeWindow/);
    }
    expect(() => makeKeyAuth({ rateLimit: { enabled: false, timeWindow: 0 } })).not.toThrow();
  });
});
