import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisStorage, type RedisStorage } from "./index.js";
import { openTestRedis, type PrivateRedis, privateRedis } from "./test-redis.js";

const quiet = { error: () => {} };

/** Polls `fn` until it resolves (the storage answers again after a reconnection). */
async function eventually<T>(fn: () => Promise<T>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await fn();
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** One app instance; several on one memory adapter and one Redis behave as one deployment. */
function instance(storage: RedisStorage, database?: ReturnType<typeof memoryAdapter>) {
  return createAuth({
    database: database ?? memoryAdapter(),
    secret: "test-secret-0123456789abcdef0123456789",
    baseURL: "http://localhost:3000",
    secondaryStorage: storage,
    rateLimit: { enabled: true, customRules: { "/sign-in/email": { window: 60, max: 3 } } },
    logger: { error: () => {}, warn: () => {} },
  });
}

async function call(auth: ReturnType<typeof instance>, path: string, body?: unknown, cookie?: string) {
  const headers: Record<string, string> = { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await auth.handler(
    new Request(`http://localhost:3000/api/auth${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { clientAddress: "10.1.2.3" },
  );
  const cookieOut = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { status: res.status, body: await res.json().catch(() => null), cookie: cookieOut };
}

describe("redisStorage options", () => {
  it("refuses a misspelt option name at once, naming the one meant, before opening any connection", () => {
    expect(() => redisStorage({ url: "redis://127.0.0.1:1", keyprefix: "app:" } as never)).toThrow(
      /unknown option redisStorage\(\)\.keyprefix \(did you mean redisStorage\(\)\.keyPrefix\?\)/,
    );
    expect(() => redisStorage({ timeout: 100, urll: "x" } as never)).toThrow(/unknown options .*timeout.*urll/);
  });
});

describe("redisStorage on the shared server", () => {
  let opened: Awaited<ReturnType<typeof openTestRedis>> = { skip: "not opened" };
  let storage: RedisStorage;
  let raw: Redis;
  beforeAll(async () => {
    opened = await openTestRedis();
    if ("skip" in opened) return console.warn(`[gatehouse] redis tests skipped: ${opened.skip}`);
    storage = redisStorage({ url: opened.url, keyPrefix: opened.prefix, logger: quiet });
    raw = new Redis(opened.url);
    await storage.ready();
  });
  afterAll(async () => {
    if ("skip" in opened) return;
    await storage.close();
    await raw.quit();
    await opened.cleanup();
  });
  const live = (ctx: { skip(): void }) => {
    if ("skip" in opened) ctx.skip();
    return opened as { prefix: string };
  };

  it("stores under the prefix with the TTL asked for, and deletes", async (ctx) => {
    const { prefix } = live(ctx);
    await storage.set("a", "1", 120);
    expect(await raw.get(`${prefix}a`)).toBe("1");
    expect(await raw.ttl(`${prefix}a`)).toBeGreaterThan(110);
    expect(await storage.get("a")).toBe("1");
    await storage.delete("a");
    expect(await storage.get("a")).toBeNull();
    await storage.set("forever", "x");
    expect(await raw.ttl(`${prefix}forever`)).toBe(-1);
  });

  it("increments atomically under concurrency and gives the counter its expiry once", async (ctx) => {
    const { prefix } = live(ctx);
    const counts = await Promise.all(Array.from({ length: 50 }, () => storage.increment?.("n", 30)));
    expect(counts.sort((x, y) => Number(x) - Number(y))).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    const ttl = await raw.ttl(`${prefix}n`);
    expect(ttl).toBeGreaterThan(25);
    expect(ttl).toBeLessThanOrEqual(30);
  });

  it("setIfAbsent sets only a missing key", async (ctx) => {
    live(ctx);
    expect(await storage.setIfAbsent?.("nx", "first", 60)).toBe(true);
    expect(await storage.setIfAbsent?.("nx", "second", 60)).toBe(false);
    expect(await storage.get("nx")).toBe("first");
  });

  it("two instances share sessions, revocation and the sign-in limit", async (ctx) => {
    const { prefix } = live(ctx);
    const other = redisStorage({ url: (opened as { url: string }).url, keyPrefix: prefix, logger: quiet });
    await other.ready();
    const database = memoryAdapter();
    const a = instance(storage, database);
    const b = instance(other, () => a.$context.adapter);
    const email = `r-${Date.now()}@example.com`;
    expect((await call(a, "/sign-up/email", { name: "Ann", email, password: "password-123" })).status).toBe(200);
    const signIn = await call(a, "/sign-in/email", { email, password: "password-123" });
    expect(signIn.status).toBe(200);
    expect((await call(b, "/get-session", undefined, signIn.cookie)).body.user.email).toBe(email);
    expect((await call(a, "/get-session", undefined, signIn.cookie)).body.user.email).toBe(email);
    expect((await call(b, "/sign-out", {}, signIn.cookie)).status).toBe(200);
    expect((await call(a, "/get-session", undefined, signIn.cookie)).body).toBeNull();
    // The limit is 3 sign-ins per 60 s per client: one used above on A, two more on B, then refused on A.
    expect((await call(b, "/sign-in/email", { email, password: "wrong-password" })).status).toBe(401);
    expect((await call(b, "/sign-in/email", { email, password: "wrong-password" })).status).toBe(401);
    expect((await call(a, "/sign-in/email", { email, password: "password-123" })).status).toBe(429);
    await other.close();
  });
});

it("refuses an empty keyPrefix (the restart sweep would empty the whole database)", () => {
  expect(() => redisStorage({ keyPrefix: "", logger: quiet })).toThrow(/keyPrefix/);
});

describe("redisStorage when Redis is away", () => {
  it("fails fast against a server that is not there, and the app keeps answering (no 500, no hang)", async () => {
    const storage = redisStorage({ url: "redis://127.0.0.1:5599", logger: quiet });
    const started = Date.now();
    await expect(storage.get("x")).rejects.toThrow();
    await expect(storage.increment?.("x", 10)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1000);
    const auth = instance(storage);
    const email = `down-${Date.now()}@example.com`;
    const up = await call(auth, "/sign-up/email", { name: "Dan", email, password: "password-123" });
    expect(up.status).toBe(200);
    expect((await call(auth, "/get-session", undefined, up.cookie)).body.user.email).toBe(email);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await call(auth, "/sign-in/email", { email, password: "x-password" })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The database is the source of truth: signing out works without Redis, and holds.
    expect((await call(auth, "/sign-out", {}, up.cookie)).status).toBe(200);
    expect((await call(auth, "/get-session", undefined, up.cookie)).body).toBeNull();
    await storage.close();
  });

  describe("on a private server that restarts", () => {
    const server = privateRedis(5591);
    beforeAll(async () => {
      if ("skip" in server) return console.warn(`[gatehouse] redis restart tests skipped: ${server.skip}`);
      await server.start();
    });
    afterAll(async () => {
      if (!("skip" in server)) await server.destroy();
    });
    const live = (ctx: { skip(): void }) => {
      if ("skip" in server) ctx.skip();
      return server as PrivateRedis;
    };

    it("a restart that loads an old snapshot brings back nothing written before it", async (ctx) => {
      const s = live(ctx);
      const storage = redisStorage({ url: s.url, keyPrefix: "app:", logger: quiet });
      await storage.ready();
      const raw = new Redis(s.url, { maxRetriesPerRequest: 0 });
      raw.on("error", () => {});
      await storage.set("session:h", '{"cached":"before the revocation"}', 600);
      await raw.call("SAVE");
      await storage.set("session:h", "!revoked", 600);
      await s.stop();
      await expect(storage.get("session:h")).rejects.toThrow();
      await s.start();
      // The snapshot holds the old entry; the storage sweeps its prefix before answering again.
      expect(await eventually(() => storage.get("session:h"))).toBeNull();
      await eventually(() => raw.ping());
      expect(await raw.keys("app:*")).toEqual(["app:redis-run-id"]);
      raw.disconnect();
      await storage.close();
    });

    it("sessions survive an outage through the database, and revocation holds after it", async (ctx) => {
      const s = live(ctx);
      const storage = redisStorage({ url: s.url, logger: quiet });
      await storage.ready();
      const auth = instance(storage);
      const email = `o-${Date.now()}@example.com`;
      const up = await call(auth, "/sign-up/email", { name: "Olga", email, password: "password-123" });
      expect((await call(auth, "/get-session", undefined, up.cookie)).body.user.email).toBe(email);
      await s.stop();
      const during = await call(auth, "/get-session", undefined, up.cookie);
      expect(during.status).toBe(200);
      expect(during.body.user.email).toBe(email);
      expect((await call(auth, "/sign-out", {}, up.cookie)).status).toBe(200);
      expect((await call(auth, "/get-session", undefined, up.cookie)).body).toBeNull();
      await s.start();
      await storage.ready();
      expect((await call(auth, "/get-session", undefined, up.cookie)).body).toBeNull();
      await storage.close();
    });

    it("two instances: a hung server neither hangs requests nor lets a revoked session back when it wakes", async (ctx) => {
      const s = live(ctx);
      const prefix = `hang${Date.now()}:`;
      const one = redisStorage({ url: s.url, keyPrefix: prefix, logger: quiet, commandTimeout: 300 });
      const two = redisStorage({ url: s.url, keyPrefix: prefix, logger: quiet, commandTimeout: 300 });
      await Promise.all([one.ready(), two.ready()]);
      const a = instance(one, memoryAdapter());
      const b = instance(two, () => a.$context.adapter);
      const email = `h-${Date.now()}@example.com`;
      const own = await call(a, "/sign-up/email", { name: "Hana", email, password: "password-123" });
      const stolen = await call(b, "/sign-in/email", { email, password: "password-123" });
      expect(stolen.status).toBe(200);
      for (const auth of [a, b]) {
        expect((await call(auth, "/get-session", undefined, stolen.cookie)).body.user.email).toBe(email);
        expect((await call(auth, "/get-session", undefined, own.cookie)).body.user.email).toBe(email);
      }
      const raw = new Redis(s.url, { maxRetriesPerRequest: 0 });
      raw.on("error", () => {});
      const cachedBefore = await raw.keys(`${prefix}session:*`);
      expect(cachedBefore.length).toBe(2);

      s.pause();
      try {
        // Every command times out; lookups read the database, and the owner revokes the thief.
        expect((await call(a, "/get-session", undefined, stolen.cookie)).body.user.email).toBe(email);
        const changed = await call(
          b,
          "/change-password",
          { currentPassword: "password-123", newPassword: "password-456", revokeOtherSessions: true },
          own.cookie,
        );
        expect(changed.status).toBe(200);
        for (const auth of [a, b]) expect((await call(auth, "/get-session", undefined, stolen.cookie)).body).toBeNull();
        expect((await call(a, "/get-session", undefined, changed.cookie)).body.user.email).toBe(email);
      } finally {
        s.resume();
      }
      // Awake with everything it held, the entry of the stolen session included.
      await Promise.all([one.ready(), two.ready()]);
      await eventually(() => raw.ping());
      expect(await raw.mget(...cachedBefore)).toSatisfy((v: (string | null)[]) => v.every((e) => e?.includes(email)));
      for (let i = 0; i < 3; i++)
        for (const auth of [a, b]) expect((await call(auth, "/get-session", undefined, stolen.cookie)).body).toBeNull();
      raw.disconnect();
      await Promise.all([one.close(), two.close()]);
    });
  });
});
