import type { Logger } from "../options/auth-options.js";
import { createMemoryRateLimitStore } from "./memory-rate-limit-store.js";
import type { RateLimitStore } from "./rate-limit-types.js";

// One log line per outage window, not one per request.
const LOG_EVERY_MS = 30_000;

/**
 * Counts in `primary` (shared secondary storage) and, while it fails, in this instance's memory: an
 * outage of the shared store neither answers 500 nor lifts the limits; it only makes each instance
 * count on its own until the store is back (docs/redis.md).
 */
export function withMemoryFallback(primary: RateLimitStore, logger: Logger): RateLimitStore {
  const memory = createMemoryRateLimitStore();
  let lastLog = 0;
  return {
    async hit(key, rule, now) {
      try {
        return await primary.hit(key, rule, now);
      } catch (err) {
        if (now - lastLog >= LOG_EVERY_MS) {
          lastLog = now;
          logger.error("Gatehouse: secondary storage unreachable; rate limits count per instance meanwhile", err);
        }
        return memory.hit(key, rule, now);
      }
    },
  };
}
