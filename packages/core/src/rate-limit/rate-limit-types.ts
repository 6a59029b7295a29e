/** At most `max` requests per `window` seconds per client. */
export interface RateLimitRule {
  window: number;
  max: number;
}

/** The answer for one request. */
export type RateLimitVerdict = { limited: false } | { limited: true; retryAfter: number };

/**
 * Where counters live. `hit` counts one request against `key` under `rule` at time `now` (ms) and
 * says whether it is over the limit. Implementations must be safe under concurrent hits.
 */
export interface RateLimitStore {
  hit(key: string, rule: RateLimitRule, now: number): Promise<RateLimitVerdict>;
}
