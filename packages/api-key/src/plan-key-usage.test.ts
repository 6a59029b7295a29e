import { describe, expect, it } from "vitest";
import type { ApiKey } from "./api-key-types.js";
import { LAST_REQUEST_PRECISION_MS, planKeyUsage } from "./plan-key-usage.js";

const T0 = Date.UTC(2030, 0, 1);
const defaults = { enabled: true, timeWindow: 60, maxRequests: 5 };

function key(fields: Partial<ApiKey> = {}): ApiKey {
  return {
    id: "k",
    name: null,
    start: null,
    prefix: null,
    userId: "u",
    organizationId: null,
    enabled: true,
    expiresAt: null,
    remaining: null,
    refillAmount: null,
    refillInterval: null,
    lastRefillAt: null,
    rateLimitEnabled: true,
    rateLimitTimeWindow: null,
    rateLimitMax: null,
    requestCount: 0,
    rateLimitWindowStart: null,
    lastRequest: null,
    permissions: null,
    metadata: null,
    createdAt: new Date(T0),
    updatedAt: new Date(T0),
    ...fields,
  };
}

describe("planKeyUsage", () => {
  it("inside a window: atomic increments, guarded by inequalities instead of the values read", () => {
    const plan = planKeyUsage(
      key({ remaining: 3, requestCount: 2, rateLimitWindowStart: new Date(T0) }),
      T0 + 1000,
      defaults,
    );
    expect(plan).toEqual({
      update: { lastRequest: new Date(T0 + 1000) },
      increment: { remaining: -1, requestCount: 1 },
      guards: [
        { field: "remaining", operator: "gt", value: 0 },
        { field: "requestCount", operator: "lt", value: 5 },
      ],
      after: { lastRequest: new Date(T0 + 1000), remaining: 2, requestCount: 3 },
    });
  });

  it("a new window or a refill sets absolute values, guarded on exactly what was read", () => {
    const started = new Date(T0);
    const plan = planKeyUsage(
      key({ remaining: 0, refillAmount: 10, refillInterval: 60, rateLimitWindowStart: started, requestCount: 5 }),
      T0 + 60_000,
      defaults,
    );
    expect(plan?.update).toMatchObject({ remaining: 9, requestCount: 1, rateLimitWindowStart: new Date(T0 + 60_000) });
    expect(plan?.increment).toEqual({});
    expect(plan?.guards).toEqual([
      { field: "lastRefillAt", value: null },
      { field: "remaining", value: 0 },
      { field: "rateLimitWindowStart", value: started },
    ]);
  });

  it("refuses without planning a write", () => {
    expect(() => planKeyUsage(key({ remaining: 0 }), T0, defaults)).toThrow("API Key has reached its usage limit");
    const full = key({ requestCount: 5, rateLimitWindowStart: new Date(T0) });
    expect(() => planKeyUsage(full, T0 + 59_999, defaults)).toThrow("Rate limit exceeded.");
    expect(planKeyUsage(full, T0 + 60_000, defaults)?.update.requestCount).toBe(1);
  });

  it("a key without counters writes only a stale lastRequest", () => {
    const free = key({ rateLimitEnabled: false, lastRequest: new Date(T0) });
    expect(planKeyUsage(free, T0 + LAST_REQUEST_PRECISION_MS - 1, defaults)).toBeNull();
    expect(planKeyUsage(free, T0 + LAST_REQUEST_PRECISION_MS, defaults)?.update).toEqual({
      lastRequest: new Date(T0 + LAST_REQUEST_PRECISION_MS),
    });
    expect(planKeyUsage(key(), T0, { ...defaults, enabled: false })?.guards).toEqual([]);
  });
});
