import type { CleanupRule } from "./cleanup-rule.js";

/**
 * Core's expiring rows: sessions and verification records past `expiresAt`, and rate-limit counters
 * whose window ended. A counter older than the longest window the limiter applies would be reset by
 * its next request anyway, so deleting it changes no verdict.
 */
export function coreCleanupRules(longestRateLimitWindowSeconds: number): CleanupRule[] {
  return [
    { model: "session", field: "expiresAt", before: (now) => new Date(now) },
    { model: "verification", field: "expiresAt", before: (now) => new Date(now) },
    { model: "rateLimit", field: "lastRequest", before: (now) => now - longestRateLimitWindowSeconds * 1000 },
  ];
}
