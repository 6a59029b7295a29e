import { AuthError } from "@gatehouse-auth/core";
import type { Where } from "@gatehouse-auth/core";
import { API_KEY_ERRORS } from "./api-key-errors.js";
import type { ResolvedApiKeyOptions } from "./api-key-options.js";
import type { KeyUsage } from "./api-key-types.js";

/**
 * The one write a use of a key makes: absolute values in `update`, atomic `increment`s, and `guards` on
 * the values this decision read. The write lands only if no concurrent request moved them first, so
 * `remaining: N` never admits more than N uses and a window never admits more than its maximum.
 */
export interface KeyUsagePlan {
  update: Record<string, unknown>;
  increment: Record<string, number>;
  guards: Where[];
  /** The key's fields after the write, as far as this request can tell. */
  after: Partial<KeyUsage>;
}

/** Refuses a disabled or expired key. */
export function assertKeyUsable(key: KeyUsage, now: number): void {
  if (!key.enabled) throw new AuthError(API_KEY_ERRORS.KEY_DISABLED);
  if (key.expiresAt && key.expiresAt.getTime() <= now) throw new AuthError(API_KEY_ERRORS.KEY_EXPIRED);
}

/** The key's rate limit in ms and requests, or null when none applies (plugin switch or key setting off). */
export function effectiveRateLimit(
  key: KeyUsage,
  defaults: ResolvedApiKeyOptions["rateLimit"],
): { windowMs: number; max: number } | null {
  if (!defaults.enabled || !key.rateLimitEnabled) return null;
  return {
    windowMs: (key.rateLimitTimeWindow ?? defaults.timeWindow) * 1000,
    max: key.rateLimitMax ?? defaults.maxRequests,
  };
}

const retryAfter = (untilMs: number, now: number) => ({
  headers: { "retry-after": String(Math.max(1, Math.ceil((untilMs - now) / 1000))) },
});

/**
 * How stale `lastRequest` may get on a key with no usage or rate limit. Such a use changes no counter, so
 * refreshing a display-only timestamp on every request would be the request's only write.
 */
export const LAST_REQUEST_PRECISION_MS = 60_000;

/**
 * Decides whether one more use is allowed at `now` and what it writes; throws the refusal otherwise.
 * Null when the use needs no write at all (no counters, and `lastRequest` is recent enough).
 */
export function planKeyUsage(
  key: KeyUsage,
  now: number,
  defaults: ResolvedApiKeyOptions["rateLimit"],
): KeyUsagePlan | null {
  const at = new Date(now);
  const plan: KeyUsagePlan = { update: { lastRequest: at }, increment: {}, guards: [], after: { lastRequest: at } };
  let counted = false;
  if (key.remaining !== null) {
    planRemaining(key, now, plan);
    counted = true;
  }
  const limit = effectiveRateLimit(key, defaults);
  if (limit) {
    planRateLimit(key, now, limit, plan);
    counted = true;
  }
  if (!counted && key.lastRequest && now - key.lastRequest.getTime() < LAST_REQUEST_PRECISION_MS) return null;
  return plan;
}

function planRemaining(key: KeyUsage, now: number, plan: KeyUsagePlan): void {
  const remaining = key.remaining ?? 0;
  const refillMs = key.refillInterval && key.refillAmount !== null ? key.refillInterval * 1000 : null;
  const refilledAt = (key.lastRefillAt ?? key.createdAt).getTime();
  if (refillMs !== null && now - refilledAt >= refillMs) {
    // A refill resets the allowance (it does not accumulate); only one concurrent request may perform it.
    const amount = key.refillAmount ?? 0;
    if (amount <= 0) throw new AuthError(API_KEY_ERRORS.USAGE_EXCEEDED, retryAfter(now + refillMs, now));
    plan.update.remaining = amount - 1;
    plan.update.lastRefillAt = new Date(now);
    plan.guards.push({ field: "lastRefillAt", value: key.lastRefillAt }, { field: "remaining", value: key.remaining });
    plan.after.remaining = amount - 1;
    plan.after.lastRefillAt = new Date(now);
    return;
  }
  if (remaining <= 0) {
    const options = refillMs !== null ? retryAfter(refilledAt + refillMs, now) : {};
    throw new AuthError(API_KEY_ERRORS.USAGE_EXCEEDED, options);
  }
  plan.increment.remaining = -1;
  plan.guards.push({ field: "remaining", operator: "gt", value: 0 });
  plan.after.remaining = remaining - 1;
}

function planRateLimit(key: KeyUsage, now: number, limit: { windowMs: number; max: number }, plan: KeyUsagePlan): void {
  const start = key.rateLimitWindowStart?.getTime() ?? null;
  if (start === null || now - start >= limit.windowMs) {
    plan.update.requestCount = 1;
    plan.update.rateLimitWindowStart = new Date(now);
    plan.guards.push({ field: "rateLimitWindowStart", value: key.rateLimitWindowStart });
    plan.after.requestCount = 1;
    plan.after.rateLimitWindowStart = new Date(now);
    return;
  }
  if (key.requestCount >= limit.max)
    throw new AuthError(API_KEY_ERRORS.RATE_LIMITED, retryAfter(start + limit.windowMs, now));
  plan.increment.requestCount = 1;
  plan.guards.push({ field: "requestCount", operator: "lt", value: limit.max });
  plan.after.requestCount = key.requestCount + 1;
}
