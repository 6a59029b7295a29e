import type { AnnounceSessionsEnded } from "../session/announce-sessions-ended.js";
import type { CleanupRule } from "./cleanup-rule.js";

/**
 * Core's expiring rows: sessions and verification records past `expiresAt`, and rate-limit counters
 * whose window ended. A counter older than the longest window the limiter applies would be reset by
 * its next request anyway, so deleting it changes no verdict. Swept sessions are announced to the
 * plugins' `onSessionsEnded` (reason "expired") when one listens, a batch at a time, per user.
 */
export function coreCleanupRules(
  longestRateLimitWindowSeconds: number,
  announce: AnnounceSessionsEnded | null = null,
): CleanupRule[] {
  const session: CleanupRule = { model: "session", field: "expiresAt", before: (now) => new Date(now) };
  if (announce)
    session.onDeleted = {
      select: ["userId"],
      notify: async (rows) => {
        const byUser = new Map<string, string[]>();
        for (const row of rows) {
          const userId = String(row.userId);
          byUser.set(userId, [...(byUser.get(userId) ?? []), String(row.id)]);
        }
        for (const [userId, sessionIds] of byUser) await announce({ userId, sessionIds, reason: "expired" });
      },
    };
  return [
    session,
    { model: "verification", field: "expiresAt", before: (now) => new Date(now) },
    { model: "rateLimit", field: "lastRequest", before: (now) => now - longestRateLimitWindowSeconds * 1000 },
  ];
}
