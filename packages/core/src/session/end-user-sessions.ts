import type { Db } from "../db/create-db.js";
import type { Plugin } from "../plugins/plugin-types.js";
import type { SessionsEndedNotice } from "./announce-sessions-ended.js";

/** Why every session of a user ended at once; plugins decide from it what else to revoke. */
export type SessionsEndReason =
  | "signed-out-everywhere"
  | "password-changed"
  | "password-reset"
  | "banned"
  | "revoked-by-admin"
  | "user-deleted"
  /** Someone proved they own the address an unverified account held: everything that account set up goes. */
  | "email-claimed";

/** What a plugin's `onUserSessionsEnded` receives. */
export interface SessionsEndedEvent {
  userId: string;
  reason: SessionsEndReason;
  /** The transaction's handle when the sessions ended inside one: write through it, so both land or neither. */
  db: Db;
}

/** Ends every session of `userId` (but `exceptSessionId`), then lets each plugin revoke what goes with them. */
export type EndUserSessions = (userId: string, reason: SessionsEndReason, exceptSessionId?: string) => Promise<void>;

/**
 * The one way core and plugins end all of a user's sessions. Plugins' trusted browsers, device sets
 * and the like must die with the sessions whichever route ended them — a password reset has no session
 * to hang an after hook on, and an admin's revocation has the admin's — so the plugins are told here.
 */
export function createEndUserSessions(
  db: Db,
  plugins: readonly Plugin[],
  /**
   * Where the ended sessions' ids go for the plugins' `onSessionsEnded`: announced at once outside a
   * transaction, queued until the commit inside one. Null when no plugin listens (no read of the ids).
   */
  ended: ((notice: SessionsEndedNotice) => Promise<void>) | null = null,
): EndUserSessions {
  const listeners = plugins.flatMap((p) => (p.onUserSessionsEnded ? [p.onUserSessionsEnded] : []));
  return async (userId, reason, exceptSessionId) => {
    const where = [
      { field: "userId", value: userId },
      ...(exceptSessionId ? [{ field: "id", operator: "ne" as const, value: exceptSessionId }] : []),
    ];
    // The ids are read first only when a plugin wants them; the delete below takes every row it matches.
    const rows = ended ? await db.findMany({ model: "session", where, select: ["id"] }) : [];
    await db.deleteMany({ model: "session", where });
    for (const listener of listeners) await listener({ userId, reason, db });
    if (ended && rows.length > 0) await ended({ userId, sessionIds: rows.map((r) => String(r.id)), reason });
  };
}
