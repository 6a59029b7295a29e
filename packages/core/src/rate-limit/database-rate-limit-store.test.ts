import { describe, expect, it } from "vitest";
import { memoryAdapter } from "../adapter/memory-adapter.js";
import { generateId } from "../crypto/index.js";
import { createCoreSchema } from "../schema/core-schema.js";
import { createDatabaseRateLimitStore } from "./database-rate-limit-store.js";

describe("database rate-limit store", () => {
  const rule = { window: 10, max: 3 };

  it("lets exactly max of a concurrent burst through", async () => {
    const adapter = memoryAdapter()({ schema: createCoreSchema({}) });
    const store = createDatabaseRateLimitStore(() => adapter, generateId);
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => store.hit("1.2.3.4|/sign-in/*", rule, 50_000)));
    expect(verdicts.filter((v) => !v.limited)).toHaveLength(3);
    expect(await adapter.count({ model: "rateLimit" })).toBe(1);
  });

  it("opens a new window after the old one ends and reports the wait", async () => {
    const adapter = memoryAdapter()({ schema: createCoreSchema({}) });
    const store = createDatabaseRateLimitStore(() => adapter, generateId);
    for (let i = 0; i < 3; i++) await store.hit("k", rule, 0);
    expect(await store.hit("k", rule, 2_500)).toEqual({ limited: true, retryAfter: 8 });
    expect(await store.hit("k", rule, 10_000)).toEqual({ limited: false });
    const row = await adapter.findOne<{ count: number; lastRequest: number }>({
      model: "rateLimit",
      where: [{ field: "key", value: "k" }],
    });
    expect(row).toMatchObject({ count: 1, lastRequest: 10_000 });
  });
});
