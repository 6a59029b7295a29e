import { describe, expect, it } from "vitest";
import { sha256Base64Url } from "../crypto/index.js";
import type { SecondaryStorage } from "../rate-limit/secondary-storage.js";
import { makeTestAuth } from "../testing/make-test-auth.js";
import { createTestClient, type TestClient } from "../testing/test-client.js";

/** A Map with expiry standing in for Redis; `down` makes every call reject, as an unreachable server does. */
function memoryStorage(withSetIfAbsent = true) {
  const data = new Map<string, { value: string; until: number }>();
  const state = { down: false };
  const alive = (key: string) => {
    const e = data.get(key);
    if (e && e.until <= Date.now()) data.delete(key);
    return data.get(key);
  };
  const check = () => {
    if (state.down) return Promise.reject(new Error("connection refused"));
  };
  const storage: SecondaryStorage = {
    async get(key) {
      await check();
      return alive(key)?.value ?? null;
    },
    async set(key, value, ttl) {
      await check();
      data.set(key, { value, until: ttl ? Date.now() + ttl * 1000 : Number.POSITIVE_INFINITY });
    },
    async delete(key) {
      await check();
      data.delete(key);
    },
    async increment(key, ttl) {
      await check();
      const n = Number(alive(key)?.value ?? 0) + 1;
      data.set(key, { value: String(n), until: alive(key)?.until ?? Date.now() + ttl * 1000 });
      return n;
    },
  };
  if (withSetIfAbsent)
    storage.setIfAbsent = async (key, value, ttl) => {
      await check();
      if (alive(key)) return false;
      data.set(key, { value, until: Date.now() + ttl * 1000 });
      return true;
    };
  return { storage, data, state };
}

/** Two app instances on one database and one secondary storage, as behind a load balancer. */
function twoInstances(withSetIfAbsent = true, rateLimit = false, now?: () => number) {
  const store = memoryStorage(withSetIfAbsent);
  const common = {
    secondaryStorage: store.storage,
    advanced: now ? { now } : undefined,
    rateLimit: rateLimit ? { enabled: true, customRules: { "/sign-in/email": { window: 60, max: 3 } } } : undefined,
  };
  const a = makeTestAuth(common);
  const b = makeTestAuth({ ...common, database: () => a.$context.adapter });
  return { a, b, store };
}

/** A client on `auth` holding the same cookies as `from` (the same browser reaching another instance). */
function sameBrowser(auth: Parameters<typeof createTestClient>[0], from: TestClient): TestClient {
  const client = createTestClient(auth);
  for (const [k, v] of from.cookies) client.cookies.set(k, v);
  return client;
}

async function signUp(auth: Parameters<typeof createTestClient>[0]) {
  const client = createTestClient(auth);
  const email = `u-${Math.random().toString(36).slice(2)}@example.com`;
  const r = await client.post("/sign-up/email", { name: "Ann", email, password: "password-123" });
  expect(r.status).toBe(200);
  return { client, email, token: r.body.token as string, userId: r.body.user.id as string };
}

/** The key a session's lookup is cached under: the database's current cache generation and the token's hash. */
async function cacheKey(auth: { $context: { db: TestDb } }, token: string) {
  const rows = await auth.$context.db.findMany<{ value: string }>({
    model: "verification",
    where: [{ field: "identifier", value: "session-cache-generation" }],
  });
  return `session:${rows
    .map((r) => r.value)
    .sort()
    .join(".")}:${sha256Base64Url(token)}`;
}
type TestDb = ReturnType<typeof makeTestAuth>["$context"]["db"];

describe("session lookups in secondary storage", () => {
  it("caches a lookup with the session's remaining life and answers it on another instance", async () => {
    const { a, b, store } = twoInstances();
    const { client, token } = await signUp(a);
    const onB = sameBrowser(b, client);
    expect((await onB.get("/get-session")).body.user.name).toBe("Ann");
    const entry = store.data.get(await cacheKey(a, token));
    expect(entry && JSON.parse(entry.value).session.token).toBe(sha256Base64Url(token));
    // 7 days by default, give or take a second.
    expect(Math.abs((entry?.until ?? 0) - Date.now() - 7 * 86400_000)).toBeLessThan(5000);
    // The entry carries the stored hash only, never the bearer token.
    expect(entry?.value).not.toContain(token);
    const again = await onB.get("/get-session");
    expect(again.body.session.expiresAt).toBe((await onB.get("/get-session")).body.session.expiresAt);
    expect(typeof again.body.session.expiresAt).toBe("string");
  });

  it("a sign-out on one instance is refused at once on another that had the session cached", async () => {
    const { a, b, store } = twoInstances();
    const { client, token } = await signUp(a);
    const onB = sameBrowser(b, client);
    expect((await client.get("/get-session")).body).not.toBeNull();
    expect((await onB.get("/get-session")).body).not.toBeNull();
    expect((await onB.post("/sign-out")).status).toBe(200);
    expect((await client.get("/get-session")).body).toBeNull();
    expect(store.data.get(await cacheKey(a, token))?.value).toBe("!revoked");
  });

  it("revoke-sessions, a user update and a plugin's direct delete all reach the cache", async () => {
    const { a, b } = twoInstances();
    const first = await signUp(a);
    const second = sameBrowser(a, first.client);
    const onB = sameBrowser(b, first.client);
    await onB.get("/get-session");
    expect((await first.client.post("/update-user", { name: "Bea" })).status).toBe(200);
    expect((await onB.get("/get-session")).body.user.name).toBe("Bea");

    // A plugin writing through ctx.auth.db (admin's revoke, ban, remove-user do) is covered too.
    await b.$context.db.deleteMany({ model: "session", where: [{ field: "userId", value: first.userId }] });
    expect((await second.get("/get-session")).body).toBeNull();
    expect((await onB.get("/get-session")).body).toBeNull();
  });

  it("deleting the user revokes every cached session of it", async () => {
    const { a, b, store } = twoInstances();
    const { client, token, userId } = await signUp(a);
    const onB = sameBrowser(b, client);
    await onB.get("/get-session");
    await a.$context.db.delete({ model: "user", where: [{ field: "id", value: userId }] });
    expect(store.data.get(await cacheKey(a, token))?.value).toBe("!revoked");
    expect((await onB.get("/get-session")).body).toBeNull();
  });

  it("revoking more sessions than one statement's id list holds revokes and counts them all", async () => {
    const { a, store } = twoInstances();
    const { userId } = await signUp(a);
    const db = a.$context.db;
    const hashes: string[] = [];
    for (let i = 0; i < 1201; i++) {
      const token = sha256Base64Url(`t${i}`);
      hashes.push(token);
      await db.create({
        model: "session",
        data: {
          token,
          userId,
          expiresAt: new Date(Date.now() + 3600_000),
          createdAt: new Date(),
          updatedAt: new Date(),
        },
      });
    }
    expect(await db.deleteMany({ model: "session", where: [{ field: "userId", value: userId }] })).toBe(1202);
    const prefix = (await cacheKey(a, "")).replace(/[^:]*$/, "");
    expect(hashes.every((h) => store.data.get(`${prefix}${h}`)?.value === "!revoked")).toBe(true);
  });

  it("a fill that read the database before a revocation cannot put the session back", async () => {
    const { a, store } = twoInstances();
    const { token } = await signUp(a);
    // The revocation marks the key before deleting; a late fill (set-if-absent) then loses.
    await a.$context.db.deleteMany({ model: "session", where: [{ field: "token", value: sha256Base64Url(token) }] });
    const stale = JSON.stringify({ session: { token: "x", expiresAt: new Date(Date.now() + 1e6) }, user: {} });
    expect(await store.storage.setIfAbsent?.(await cacheKey(a, token), stale, 100)).toBe(false);
    expect(store.data.get(await cacheKey(a, token))?.value).toBe("!revoked");
  });

  it("a rolled-back delete leaves no revoked marker, and the session keeps working", async () => {
    const { a, store } = twoInstances();
    const { client, token, userId } = await signUp(a);
    await expect(
      a.$context.transaction(async (tx) => {
        await tx.db.deleteMany({ model: "session", where: [{ field: "userId", value: userId }] });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(store.data.get(await cacheKey(a, token))?.value).not.toBe("!revoked");
    expect((await client.get("/get-session")).body?.user.id).toBe(userId);
  });

  it("while the store is down, revocations and bans take effect everywhere and hold when it returns", async () => {
    const { a, b, store } = twoInstances();
    const { client, email, token } = await signUp(a);
    const onB = sameBrowser(b, client);
    const victim = await signUp(a);
    const victimOnB = sameBrowser(b, victim.client);
    for (const c of [client, onB, victim.client, victimOnB]) expect((await c.get("/get-session")).body).not.toBeNull();
    const before = [...store.data.keys()];
    // The stolen cookies, kept for after the outage (a refused lookup clears the cookies of the jar it answers).
    const stolen = [a, b].flatMap((auth) => [sameBrowser(auth, client), sameBrowser(auth, victim.client)]);
    store.state.down = true;
    expect((await onB.get("/get-session")).body.user.name).toBe("Ann");
    // Signing in needs no cache write: a new session has no entry to displace.
    const fresh = createTestClient(b);
    expect((await fresh.post("/sign-in/email", { email, password: "password-123" })).status).toBe(200);
    expect((await fresh.get("/get-session")).body.user.email).toBe(email);
    // The database is the source of truth: the sign-out, a ban-like write (the user changed, its
    // sessions deleted, as admin's ban does through ctx.auth.db) and an update all go through.
    expect((await onB.post("/sign-out")).status).toBe(200);
    await b.$context.db.update({
      model: "user",
      where: [{ field: "id", value: victim.userId }],
      update: { name: "X" },
    });
    await b.$context.db.deleteMany({ model: "session", where: [{ field: "userId", value: victim.userId }] });
    expect((await fresh.post("/update-user", { name: "Cy" })).status).toBe(200);
    for (const c of [client, onB, victim.client, victimOnB]) expect((await c.get("/get-session")).body).toBeNull();

    // The store returns holding everything cached before the outage (a hung server, not a restarted
    // one): none of it answers again, on either instance.
    store.state.down = false;
    expect(before.every((k) => store.data.has(k))).toBe(true);
    expect(store.data.get(before.find((k) => k.endsWith(sha256Base64Url(token))) ?? "")?.value).toContain('"user"');
    for (const c of stolen) expect((await c.get("/get-session")).body).toBeNull();
    expect((await sameBrowser(a, fresh).get("/get-session")).body.user.name).toBe("Cy");
    expect((await fresh.get("/get-session")).body.user.name).toBe("Cy");
  });

  it("an instance that never saw the outage re-reads the generation within a second and drops the entry", async () => {
    let clock = Date.now();
    const { a, b, store } = twoInstances(true, false, () => clock);
    const { client } = await signUp(a);
    const onB = sameBrowser(b, client);
    expect((await onB.get("/get-session")).body).not.toBeNull();
    // Only A loses the store (a network split): its revocation cannot mark B's cached entry.
    store.state.down = true;
    expect((await client.post("/sign-out")).status).toBe(200);
    store.state.down = false;
    expect(await a.$context.db.count({ model: "session" })).toBe(0);
    // B re-reads the database's generation once its copy is a second old, and refuses from then on.
    clock += 1001;
    expect((await onB.get("/get-session")).body).toBeNull();
  });

  it("while the store is down a session due for refresh still slides, and an expired one is null (no 503)", async () => {
    let clock = Date.now();
    const { a, store } = twoInstances(true, false, () => clock);
    const { client } = await signUp(a);
    const before = (await client.get("/get-session")).body.session.expiresAt;
    store.state.down = true;
    clock += 2 * 86400_000;
    const due = await client.get("/get-session");
    expect(due.status).toBe(200);
    expect(new Date(due.body.session.expiresAt).getTime()).toBeGreaterThan(new Date(before).getTime());
    store.state.down = false;
    expect((await client.get("/get-session")).body.session.expiresAt).toBe(due.body.session.expiresAt);
    store.state.down = true;
    clock += 30 * 86400_000;
    const expired = await client.get("/get-session");
    expect(expired.status).toBe(200);
    expect(expired.body).toBeNull();
  });

  it("without setIfAbsent sessions are not cached (no race-free fill), and everything still works", async () => {
    const { a, b, store } = twoInstances(false);
    const { client, token } = await signUp(a);
    const onB = sameBrowser(b, client);
    expect((await onB.get("/get-session")).body.user.name).toBe("Ann");
    expect(store.data.has(await cacheKey(a, token))).toBe(false);
    await onB.post("/sign-out");
    expect((await client.get("/get-session")).body).toBeNull();
  });

  it("rate limits count across instances, and per instance while the store is down (never 500)", async () => {
    const { a, b, store } = twoInstances(true, true);
    const signIn = (auth: typeof a) =>
      createTestClient(auth, undefined, "10.0.0.7").post("/sign-in/email", {
        email: "nobody@example.com",
        password: "password-123",
      });
    expect((await signIn(a)).status).toBe(401);
    expect((await signIn(b)).status).toBe(401);
    expect((await signIn(a)).status).toBe(401);
    expect((await signIn(b)).status).toBe(429);
    store.state.down = true;
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(a)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
