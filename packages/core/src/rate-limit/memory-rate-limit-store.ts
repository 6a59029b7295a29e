import type { RateLimitStore } from "./rate-limit-types.js";
import { retryAfter } from "./retry-after.js";

interface Bucket {
  start: number;
  count: number;
  windowMs: number;
}

// Bounds memory under a flood of distinct addresses; the oldest buckets go first.
const MAX_BUCKETS = 100_000;

/**
 * Fixed-window counters in this process. Right for one instance; with several behind a load balancer
 * use the database or secondary-storage store so they share counts.
 */
export function createMemoryRateLimitStore(): RateLimitStore {
  const buckets = new Map<string, Bucket>();
  let lastSweep = 0;

  function sweep(now: number) {
    lastSweep = now;
    for (const [key, b] of buckets) if (now - b.start >= b.windowMs) buckets.delete(key);
  }

  return {
    async hit(key, rule, now) {
      if (now - lastSweep > 60_000) sweep(now);
      const windowMs = rule.window * 1000;
      const bucket = buckets.get(key);
      if (!bucket || now - bucket.start >= windowMs) {
        buckets.delete(key);
        if (buckets.size >= MAX_BUCKETS) {
          const oldest = buckets.keys().next();
          if (!oldest.done) buckets.delete(oldest.value);
        }
        buckets.set(key, { start: now, count: 1, windowMs });
        return { limited: false };
      }
      if (bucket.count >= rule.max) return { limited: true, retryAfter: retryAfter(bucket.start, rule, now) };
      bucket.count++;
      return { limited: false };
    },
  };
}
