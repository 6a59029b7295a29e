import { describe, expect, it } from "vitest";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { defineEndpoint, definePlugin } from "@gatehouse-auth/core";
import { createKey, makeKeyAuth, newUser, serverApi } from "./test-helpers.js";

const withKey = (key: string) => ({ headers: { "x-api-key": key } });

/** An app's endpoints that open to keys holding `files: read` (a read) and `files: delete` (needs a fresh session). */
const filesPlugin = definePlugin({
  id: "files",
  endpoints: {
    listFiles: defineEndpoint(
      {
        method: "GET",
        path: "/files/list",
        session: "required",
        apiKeyPermission: { resource: "files", action: "read" },
      },
      async (ctx) => ({ owner: ctx.session.user.id, credential: ctx.credential?.kind }),
    ),
    purgeFiles: defineEndpoint(
      {
        method: "POST",
        path: "/files/purge",
        session: "fresh",
        apiKeyPermission: { resource: "files", action: "delete" },
      },
      async () => ({ status: true }),
    ),
  },
});

describe("x-api-key authentication", () => {
  it("authenticates get-session as the key's owner with a synthetic, unstored session", async () => {
    const { auth } = makeKeyAuth();
    const u = await newUser(auth);
    const k = await createKey(u.client);
    const sessionsBefore = await auth.$context.adapter.count({ model: "session" });
    const r = await createTestClient(auth).get("/get-session", withKey(k.key));
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ id: u.userId, email: u.email });
    expect(r.body.session).toMatchObject({ id: k.id, apiKeyId: k.id, userId: u.userId, token: "" });
    expect(r.headers.getSetCookie()).toEqual([]);
    expect(await auth.$context.adapter.count({ model: "session" })).toBe(sessionsBefore);
  });

  it("reaches an endpoint only with the permission the endpoint declares; without the header it is 401", async () => {
    const { auth } = makeKeyAuth({}, { plugins: [filesPlugin] });
    const u = await newUser(auth);
    const api = serverApi(auth);
    const reader = await api.createApiKey({ body: { userId: u.userId, permissions: { files: ["read"] } } });
    const writer = await api.createApiKey({ body: { userId: u.userId, permissions: { files: ["write"] } } });
    const plain = await createKey(u.client);
    const anon = createTestClient(auth);
    const read = await anon.get("/files/list", withKey(reader.key));
    expect([read.status, read.body]).toEqual([200, { owner: u.userId, credential: "api-key" }]);
    for (const k of [writer, plain]) {
      const r = await anon.get("/files/list", withKey(k.key));
      expect([r.status, r.body]).toEqual([
        403,
        {
          code: "CREDENTIAL_NOT_ALLOWED",
          message: "This endpoint cannot be called with an API key without the permission files:read",
        },
      ]);
    }
    // An endpoint that declares no permission is closed to every key, however many permissions it holds.
    const accounts = await anon.get("/list-accounts", withKey(reader.key));
    expect([accounts.status, accounts.body.code]).toEqual([403, "CREDENTIAL_NOT_ALLOWED"]);
    expect((await anon.get("/files/list")).status).toBe(401);
    // The owner's own session reaches both.
    expect((await u.client.get("/files/list")).body).toEqual({ owner: u.userId, credential: "session" });
    expect((await u.client.get("/list-accounts")).status).toBe(200);
  });

  it("a cookie session wins over the header; the header name is configurable", async () => {
    const { auth } = makeKeyAuth({ headerName: "X-Service-Key" });
    const a = await newUser(auth);
    const b = await newUser(auth);
    const bKey = await createKey(b.client);
    expect((await a.client.get("/get-session", { headers: { "x-service-key": bKey.key } })).body.user.id).toBe(
      a.userId,
    );
    const anon = createTestClient(auth);
    expect((await anon.get("/get-session", { headers: { "x-service-key": bKey.key } })).body.user.id).toBe(b.userId);
    expect((await anon.get("/get-session", withKey(bKey.key))).body).toBeNull();
  });

  it("a key is never fresh and never reaches an own-session endpoint, however young", async () => {
    const { auth } = makeKeyAuth({}, { plugins: [filesPlugin] });
    const u = await newUser(auth);
    const young = await serverApi(auth).createApiKey({
      body: { userId: u.userId, permissions: { files: ["read", "delete"] } },
    });
    const anon = createTestClient(auth);
    const unlink = await anon.post("/unlink-account", { providerId: "credential" }, withKey(young.key));
    expect([unlink.status, unlink.body]).toEqual([
      403,
      { code: "CREDENTIAL_NOT_ALLOWED", message: "This endpoint cannot be called with an API key" },
    ]);
    // A fresh-session endpoint the key holds the permission of still refuses it: nobody signed in.
    const purge = await anon.post("/files/purge", {}, withKey(young.key));
    expect([purge.status, purge.body.code]).toEqual([403, "SESSION_NOT_FRESH"]);
    expect((await u.client.post("/files/purge", {})).status).toBe(200);
  });

  it("a key cannot manage keys: the plugin's own routes ignore the header", async () => {
    const { auth } = makeKeyAuth();
    const u = await newUser(auth);
    const k = await createKey(u.client);
    const anon = createTestClient(auth);
    expect((await anon.post("/api-key/create", { name: "spawn" }, withKey(k.key))).status).toBe(401);
    expect((await anon.get("/api-key/list", withKey(k.key))).status).toBe(401);
    expect((await anon.post("/api-key/delete", { keyId: k.id }, withKey(k.key))).status).toBe(401);
  });

  it("refuses unknown, deleted, disabled and expired keys with their errors", async () => {
    const { auth, clock } = makeKeyAuth();
    const u = await newUser(auth);
    const anon = createTestClient(auth);
    const expect401 = async (key: string, message: string, code: string) => {
      const r = await anon.get("/get-session", withKey(key));
      expect(r.status).toBe(401);
      expect(r.body).toEqual({ code, message });
    };
    await expect401("not-a-key", "Invalid API key.", "INVALID_API_KEY");
    const deleted = await createKey(u.client);
    await u.client.post("/api-key/delete", { keyId: deleted.id });
    await expect401(deleted.key, "Invalid API key.", "INVALID_API_KEY");
    const disabled = await createKey(u.client);
    await u.client.post("/api-key/update", { keyId: disabled.id, enabled: false });
    await expect401(disabled.key, "API Key is disabled", "KEY_DISABLED");
    const expiring = await createKey(u.client, { expiresIn: 60 });
    expect((await anon.get("/get-session", withKey(expiring.key))).status).toBe(200);
    clock.now += 60_000;
    await expect401(expiring.key, "API Key has expired", "KEY_EXPIRED");
  });

  it("the per-key rate limit answers 429 with Retry-After and resets after the window", async () => {
    const { auth, clock } = makeKeyAuth({ rateLimit: { timeWindow: 60, maxRequests: 5 } });
    const u = await newUser(auth);
    const k = await createKey(u.client);
    const anon = createTestClient(auth);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      clock.now += 1000;
      statuses.push((await anon.get("/get-session", withKey(k.key))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    clock.now += 1000;
    const limited = await anon.get("/get-session", withKey(k.key));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ code: "RATE_LIMITED", message: "Rate limit exceeded." });
    // The window began at the first request, 5 s ago.
    expect(limited.headers.get("retry-after")).toBe("55");
    clock.now += 54_000;
    expect((await anon.get("/get-session", withKey(k.key))).status).toBe(429);
    clock.now += 1000;
    expect((await anon.get("/get-session", withKey(k.key))).status).toBe(200);
  });

  it("per-key settings override the defaults, and the plugin switch turns limits off", async () => {
    const { auth } = makeKeyAuth({ rateLimit: { maxRequests: 1 } });
    const u = await newUser(auth);
    const api = serverApi(auth);
    const roomy = await api.createApiKey({ body: { userId: u.userId, rateLimitMax: 3 } });
    const free = await api.createApiKey({ body: { userId: u.userId, rateLimitEnabled: false } });
    const anon = createTestClient(auth);
    const run = async (key: string, n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push((await anon.get("/get-session", withKey(key))).status);
      return out;
    };
    expect(await run(roomy.key, 4)).toEqual([200, 200, 200, 429]);
    expect(await run(free.key, 4)).toEqual([200, 200, 200, 200]);
    const off = makeKeyAuth({ rateLimit: { enabled: false, maxRequests: 1 } });
    const v = await newUser(off.auth);
    const k = await createKey(v.client);
    const offClient = createTestClient(off.auth);
    for (let i = 0; i < 3; i++) expect((await offClient.get("/get-session", withKey(k.key))).status).toBe(200);
  });

  it("remaining counts down to 'API Key has reached its usage limit'; a refill resets it", async () => {
    const { auth, clock } = makeKeyAuth();
    const u = await newUser(auth);
    const k = await serverApi(auth).createApiKey({
      body: { userId: u.userId, remaining: 2, refillAmount: 3, refillInterval: 3600 },
    });
    const anon = createTestClient(auth);
    expect((await anon.get("/get-session", withKey(k.key))).status).toBe(200);
    expect((await anon.get("/get-session", withKey(k.key))).status).toBe(200);
    const spent = await anon.get("/get-session", withKey(k.key));
    expect(spent.status).toBe(429);
    expect(spent.body).toEqual({ code: "USAGE_EXCEEDED", message: "API Key has reached its usage limit" });
    expect(spent.headers.get("retry-after")).toBe("3600");
    clock.now += 3600_000;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await anon.get("/get-session", withKey(k.key))).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const row = await serverApi(auth).getApiKey({ query: { id: k.id, userId: u.userId } });
    expect(row).toMatchObject({ remaining: 0, lastRefillAt: new Date(clock.now) });
  });

  it("a key without a refill stays spent", async () => {
    const { auth, clock } = makeKeyAuth();
    const u = await newUser(auth);
    const k = await serverApi(auth).createApiKey({ body: { userId: u.userId, remaining: 1 } });
    const anon = createTestClient(auth);
    expect((await anon.get("/get-session", withKey(k.key))).status).toBe(200);
    clock.now += 365 * 86400_000;
    const r = await anon.get("/get-session", withKey(k.key));
    expect(r.status).toBe(429);
    expect(r.headers.get("retry-after")).toBeNull();
  });
});

describe("cost and concurrency (issue #6)", () => {
  it("an authenticated request costs one indexed lookup and at most one write; a refused one no write", async () => {
    const { auth, watch, clock } = makeKeyAuth({ rateLimit: { maxRequests: 2 } });
    const u = await newUser(auth);
    const limited = await serverApi(auth).createApiKey({ body: { userId: u.userId, remaining: 10 } });
    const plain = await serverApi(auth).createApiKey({ body: { userId: u.userId, rateLimitEnabled: false } });
    const anon = createTestClient(auth);
    const costOf = async (key: string) => {
      watch.calls.length = 0;
      const r = await anon.get("/get-session", withKey(key));
      return { status: r.status, calls: [...watch.calls] };
    };
    const oneRead = ["findOne apikey", "updateMany apikey"];
    expect(await costOf(limited.key)).toEqual({ status: 200, calls: oneRead }); // opens a window
    expect(await costOf(limited.key)).toEqual({ status: 200, calls: oneRead }); // counts in it
    expect(await costOf(limited.key)).toEqual({ status: 429, calls: ["findOne apikey"] });
    expect(await costOf("unknown")).toEqual({ status: 401, calls: ["findOne apikey"] });
    watch.calls.length = 0;
    expect((await anon.get("/list-accounts", withKey(limited.key))).status).toBe(429);
    expect(watch.calls).toEqual(["findOne apikey"]);
    // Without counters, only a stale lastRequest is worth a write: at most once a minute.
    expect(await costOf(plain.key)).toEqual({ status: 200, calls: oneRead });
    expect(await costOf(plain.key)).toEqual({ status: 200, calls: ["findOne apikey"] });
    clock.now += 60_000;
    expect(await costOf(plain.key)).toEqual({ status: 200, calls: oneRead });
    const row = await auth.$context.adapter.findOne({ model: "apikey", where: [{ field: "id", value: plain.id }] });
    expect(row?.lastRequest).toEqual(new Date(clock.now));
  });

  it("concurrent requests with remaining = N never get more than N through", async () => {
    const { auth, watch } = makeKeyAuth();
    const u = await newUser(auth);
    const k = await serverApi(auth).createApiKey({ body: { userId: u.userId, remaining: 5 } });
    const anon = createTestClient(auth);
    watch.calls.length = 0;
    const results = await Promise.all(Array.from({ length: 40 }, () => anon.get("/get-session", withKey(k.key))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    expect(results.filter((r) => r.status === 429).every((r) => r.body.code === "USAGE_EXCEEDED")).toBe(true);
    const row = await serverApi(auth).getApiKey({ query: { id: k.id, userId: u.userId } });
    expect(row.remaining).toBe(0);
    // The requests really raced: more writes were attempted than could land.
    expect(watch.calls.filter((c) => c === "updateMany apikey").length).toBeGreaterThan(5);
  });

  it("concurrent requests never exceed the rate limit either", async () => {
    const { auth } = makeKeyAuth({ rateLimit: { timeWindow: 60, maxRequests: 5 } });
    const u = await newUser(auth);
    const k = await createKey(u.client);
    const anon = createTestClient(auth);
    const results = await Promise.all(Array.from({ length: 30 }, () => anon.get("/get-session", withKey(k.key))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status !== 200).every((r) => r.body.code === "RATE_LIMITED")).toBe(true);
  });

  it("a use that loses its conditional write five times answers 500 'Failed to update API key.'", async () => {
    const { auth, watch } = makeKeyAuth();
    const u = await newUser(auth);
    const k = await serverApi(auth).createApiKey({ body: { userId: u.userId, remaining: 3 } });
    const anon = createTestClient(auth);
    // Every UPDATE of the key changes no row: as if a concurrent request won each race.
    watch.loseUpdateManyOf = "apikey";
    watch.calls.length = 0;
    const r = await anon.get("/get-session", withKey(k.key));
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ code: "FAILED_TO_UPDATE_API_KEY", message: "Failed to update API key." });
    // Each attempt re-reads before deciding again; five attempts, then it gives up.
    expect(watch.calls).toEqual(Array.from({ length: 5 }, () => ["findOne apikey", "updateMany apikey"]).flat());
    const verified = await anon.post("/api-key/verify", { key: k.key });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      valid: false,
      error: { code: "FAILED_TO_UPDATE_API_KEY", message: "Failed to update API key." },
      key: null,
    });
    // Nothing was spent, and once writes land again the key works.
    watch.loseUpdateManyOf = null;
    const ok = await anon.post("/api-key/verify", { key: k.key });
    expect(ok.body).toMatchObject({ valid: true, key: { remaining: 2 } });
  });
});
