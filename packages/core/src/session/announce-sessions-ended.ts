import type { Logger } from "../options/auth-options.js";
import type { Plugin } from "../plugins/plugin-types.js";
import type { SessionsEndReason } from "./end-user-sessions.js";

/** Why one or more sessions ended: every reason all of a user's sessions end for, and the single-session ones. */
export type SessionEndReason =
  | SessionsEndReason
  /** The session's holder signed out of it (sign-out, a device signed out of a multi-session set). */
  | "signed-out"
  /** Someone ended this one session by its id or token (revoke-session, an admin's revoke-user-session). */
  | "revoked"
  /** It was presented past its expiry and deleted. */
  | "expired";

/** What a plugin's `onSessionsEnded` receives: sessions already gone, their transaction committed. */
export interface SessionsEndedNotice {
  userId: string;
  /** The ids of the session rows that were deleted (at least one). */
  sessionIds: readonly string[];
  reason: SessionEndReason;
}

/** Tells the plugins that sessions ended; never throws. */
export type AnnounceSessionsEnded = (notice: SessionsEndedNotice) => Promise<void>;

/**
 * The plugins' `onSessionsEnded` listeners, called one after another once the sessions are deleted for
 * good. A listener's failure is logged, never thrown: the sign-out (or ban, or revocation) has happened
 * and its answer must not depend on what a plugin does about it. Null when no plugin listens, so callers
 * skip the extra read of the ids.
 */
export function createAnnounceSessionsEnded(plugins: readonly Plugin[], logger: Logger): AnnounceSessionsEnded | null {
  const listeners = plugins.flatMap((p) => (p.onSessionsEnded ? [{ id: p.id, listen: p.onSessionsEnded }] : []));
  if (listeners.length === 0) return null;
  return async (notice) => {
    if (notice.sessionIds.length === 0) return;
    for (const { id, listen } of listeners) {
      try {
        await listen(notice);
      } catch (error) {
        logger.error(`Gatehouse: plugin ${id}'s onSessionsEnded failed`, error);
      }
    }
  };
}
