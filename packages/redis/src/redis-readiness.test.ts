// GET /ready reports the secondary storage through redisStorage's ping: ok, then unavailable (the
// instance stays ready: requests fall back to the database) while a private redis-server is down.
import { createServer } from "node:net";
import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { afterAll, expect, it } from "vitest";
import { type RedisStorage, redisStorage } from "./index.js";
import { privateRedis } from "./test-redis.js";

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  const { port } = s.address() as { port: number };
  await new Promise((resolve) => s.close(resolve));
  return port;
}

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => {});
});

it("GET /ready: secondaryStorage ok, unavailable while Redis is down (still 200, degraded), ok again after", async (ctx) => {
  const server = privateRedis(await freePort());
  if ("skip" in server) return ctx.skip();
  cleanup.push(() => server.destroy());
  await server.start();
  const storage: RedisStorage = redisStorage({ url: server.url, keyPrefix: "gh-ready:", logger: { error: () => {} } });
  cleanup.push(() => storage.close());
  await storage.ready();
  await expect(storage.ping()).resolves.toBeUndefined();
  const auth = createAuth({
    database: memoryAdapter(),
    secret: "test-secret-0123456789abcdef0123456789",
    secondaryStorage: storage,
    logger: { error: () => {}, warn: () => {} },
  });
  const ready = async () => {
    const res = await auth.handler(new Request("http://localhost:3000/api/auth/ready"));
    return { status: res.status, body: await res.json() };
  };
  expect(await ready()).toEqual({ status: 200, body: { status: "ok", database: "ok", secondaryStorage: "ok" } });

  await server.stop();
  await expect(storage.ping()).rejects.toThrow();
  expect(await ready()).toEqual({
    status: 200,
    body: { status: "degraded", database: "ok", secondaryStorage: "unavailable" },
  });

  await server.start();
  await storage.ready();
  expect((await ready()).body.secondaryStorage).toBe("ok");
});
