// With secondary storage that counts atomically (Redis), wrong codes are counted there, shared by every
// instance: two app instances behind one Redis, parallel guesses split between them, stay within budget.
import { randomBytes } from "node:crypto";
import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import type { AdapterFactory, Auth } from "@gatehouse-auth/core";
import { createTestClient, signUpUser } from "@gatehouse-auth/core/testing";
import { type RedisStorage, redisStorage } from "@gatehouse-auth/redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { twoFactor } from "../two-factor-plugin.js";

const REDIS_URL = process.env.GATEHOUSE_TEST_REDIS_URL ?? "redis://127.0.0.1:6379/11";
const prefix = `gh_test_tf_${randomBytes(5).toString("hex")}:`;
let storage: RedisStorage | null = null;

beforeAll(async () => {
  const s = redisStorage({ url: REDIS_URL, keyPrefix: prefix });
  try {
    if (s.client.status !== "ready")
      await new Promise((resolve, reject) => {
        s.client.once("ready", resolve);
        s.client.once("error", reject);
      });
    await s.client.ping();
    // The storage's own first check: until it has answered, commands fall back to the database by design
    // (a fast test — cheap password hashing — otherwise counted its first codes there; CI, 2026-11-27).
    await s.ready();
    storage = s;
  } catch (error) {
    if (process.env.CI) throw error;
    console.warn(`[gatehouse] two-factor on Redis skipped: ${(error as Error).message}`);
    await s.close();
  }
});

afterAll(async () => {
  if (!storage) return;
  const keys = await storage.client.keys(`${prefix}*`);
  if (keys.length > 0) await storage.client.del(...keys);
  await storage.close();
});

describe("two-factor wrong codes per account in Redis", { timeout: 60_000 }, () => {
  it("two instances on one Redis: 30 parallel wrong codes get at most 9 checked, counted in Redis", async (ctx) => {
    if (!storage) return ctx.skip();
    const make = (database: AdapterFactory): Auth =>
      createAuth({
        database,
        secret: "test-secret-0123456789abcdef0123456789",
        baseURL: "http://localhost:3000",
        emailAndPassword: { enabled: true },
        secondaryStorage: storage ?? undefined,
        logger: { error: () => {}, warn: () => {} },
        plugins: [twoFactor({ failedAttempts: { free: 9, max: 10 } })],
      });
    // One database (the second instance uses the first one's adapter) and one Redis: one deployment.
    const a = make(memoryAdapter());
    const b = make(() => a.$context.adapter);
    const u = await signUpUser(a);
    const enabled = await u.client.post("/two-factor/enable", { password: u.password });
    await a.$context.db.updateMany({
      model: "user",
      where: [{ field: "id", value: u.userId }],
      update: { twoFactorEnabled: true },
    });
    const challenged = async (auth: Auth) => {
      const c = createTestClient(auth);
      const r = await c.post("/sign-in/email", { email: u.email, password: u.password });
      expect(r.body.twoFactorRedirect, r.text).toBe(true);
      return c;
    };
    const browsers = await Promise.all([a, b, a, b, a, b].map(challenged));
    const rs = await Promise.all(
      browsers.flatMap((c, i) =>
        [0, 1, 2, 3, 4].map((k) => c.post("/two-factor/verify-totp", { code: String(400000 + i * 5 + k) })),
      ),
    );
    expect(rs.filter((r) => r.status !== 401 && r.status !== 429).map((r) => r.text)).toEqual([]);
    expect(rs.filter((r) => r.body.code === "INVALID_TWO_FACTOR_CODE").length).toBeLessThanOrEqual(9);
    // Counted in Redis, not in the database.
    expect(Number(await storage.client.get(`${prefix}two-factor-failures:${u.userId}`))).toBeGreaterThanOrEqual(10);
    expect(await storage.client.get(`${prefix}two-factor-lock:${u.userId}`)).not.toBeNull();
    const rows = await a.$context.db.findMany<{ identifier: string }>({ model: "verification", where: [] });
    expect(rows.filter((r) => r.identifier.startsWith("two-factor-failures:"))).toEqual([]);
    for (const auth of [a, b]) {
      const owner = await challenged(auth);
      const r = await owner.post("/two-factor/verify-backup-code", { code: enabled.body.backupCodes[0] });
      expect([r.status, r.body.code]).toEqual([429, "TWO_FACTOR_LOCKED"]);
    }
  });
});
