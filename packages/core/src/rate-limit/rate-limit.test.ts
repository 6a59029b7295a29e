import { describe, expect, it } from "vitest";
import { createMemoryRateLimitStore, createRateLimiter, createSecondaryStorageRateLimitStore } from "./index.js";
import type { SecondaryStorage } from "./index.js";

function limiter(rules: Parameters<typeof createRateLimiter>[0]["rules"], clock: { t: number }) {
  return createRateLimiter({
    enabled: true,
    window: 60,
    max: 5,
    rules,
    store: createMemoryRateLimitStore(),
    now: () => clock.t,
  });
}

describe("rate limiter", () => {
  it("allows max requests per window, then answers with the seconds left", async () => {
    const clock = { t: 1_000_000 };
    const rl = limiter({ "/sign-in/email": { window: 10, max: 3 } }, clock);
    for (let i = 0; i < 3; i++) expect((await rl.check("/sign-in/email", "1.2.3.4")).limited).toBe(false);
    clock.t += 4_000;
    expect(await rl.check("/sign-in/email", "1.2.3.4")).toEqual({ limited: true, retryAfter: 6 });
    expect((await rl.check("/sign-in/email", "5.6.7.8")).limited).toBe(false);
    clock.t += 6_000;
    expect((await rl.check("/sign-in/email", "1.2.3.4")).limited).toBe(false);
  });

  it("picks the most specific rule and honours false", async () => {
    const rl = limiter(
      { "/a/*": { window: 10, max: 1 }, "/a/b/*": { window: 10, max: 2 }, "/a/free": false },
      { t: 0 },
    );
    expect(rl.ruleFor("/a/b/c")?.rule.max).toBe(2);
    expect(rl.ruleFor("/a/x")?.rule.max).toBe(1);
    expect(rl.ruleFor("/a/free")).toBeNull();
    expect(rl.ruleFor("/other")).toEqual({ pattern: "/other", rule: { window: 60, max: 5 } });
    for (let i = 0; i < 10; i++) expect((await rl.check("/a/free", "1.1.1.1")).limited).toBe(false);
  });

  it("does nothing when disabled or when the client is unknown", async () => {
    const rl = createRateLimiter({
      enabled: false,
      window: 60,
      max: 1,
      rules: {},
      store: createMemoryRateLimitStore(),
    });
    expect((await rl.check("/x", "1.1.1.1")).limited).toBe(false);
    expect((await rl.check("/x", "1.1.1.1")).limited).toBe(false);
    const on = limiter({}, { t: 0 });
    for (let i = 0; i < 10; i++) expect((await on.check("/x", null)).limited).toBe(false);
  });

  it("counts in secondary storage, atomically when it can increment", async () => {
    const data = new Map<string, string>();
    const storage: SecondaryStorage = {
      async get(k) {
        return data.get(k) ?? null;
      },
      async set(k, v) {
        data.set(k, v);
      },
      async delete(k) {
        data.delete(k);
      },
      async increment(k) {
        const n = Number(data.get(k) ?? 0) + 1;
        data.set(k, String(n));
        return n;
      },
    };
    const rl = createRateLimiter({
      enabled: true,
      window: 60,
      max: 2,
      rules: {},
      store: createSecondaryStorageRateLimitStore(storage),
      now: () => 120_000,
    });
    const verdicts = await Promise.all([1, 2, 3].map(() => rl.check("/x", "9.9.9.9")));
    expect(verdicts.filter((v) => v.limited)).toHaveLength(1);
    expect(verdicts.find((v) => v.limited)).toEqual({ limited: true, retryAfter: 60 });
  });
});
