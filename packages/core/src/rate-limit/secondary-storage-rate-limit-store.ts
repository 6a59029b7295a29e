import type { RateLimitStore } from "./rate-limit-types.js";
import { retryAfter } from "./retry-after.js";
import type { SecondaryStorage } from "./secondary-storage.js";

/**
 * Counters in secondary storage. Windows are aligned to multiples of the window length so every
 * instance agrees on the key without coordination: `ratelimit:<key>:<window index>`.
 */
export function createSecondaryStorageRateLimitStore(storage: SecondaryStorage): RateLimitStore {
  return {
    async hit(key, rule, now) {
      const windowMs = rule.window * 1000;
      const start = Math.floor(now / windowMs) * windowMs;
      const storeKey = `ratelimit:${key}:${start}`;
      const ttl = Math.ceil(rule.window) + 1;
      let count: number;
      if (storage.increment) {
        count = await storage.increment(storeKey, ttl);
      } else {
        count = Number(await storage.get(storeKey)) + 1;
        if (count <= rule.max) await storage.set(storeKey, String(count), ttl);
      }
      return count > rule.max ? { limited: true, retryAfter: retryAfter(start, rule, now) } : { limited: false };
    },
  };
}
