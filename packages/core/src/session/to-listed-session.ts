import type { Session } from "../schema/model-types.js";
import type { ListedSessionRow } from "./session-service.js";

/**
 * A session as a listing shows it: every field but the token, and whether it is the caller's own. Written
 * out rather than `Omit<Session, "token">`: Omit over Session's index signature would drop every named
 * field from the type, and clients would get `unknown`s.
 */
export interface ListedSession {
  id: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  ipAddress?: string | null;
  userAgent?: string | null;
  /** True for the session that made the request. */
  current: boolean;
  /**
   * Absent unless the app turned on `session.listSessionTokens` (better-auth compatibility): whoever reads
   * a session's token owns that session.
   */
  token?: string;
  [field: string]: unknown;
}

/** Drops the bearer token (whoever reads it owns the session) and marks the caller's own session. */
export function toListedSession(
  session: Session | ListedSessionRow,
  currentId: string | null,
  withToken = false,
): ListedSession {
  const { token, id, userId, expiresAt, createdAt, updatedAt, ...rest } = session;
  const listed: ListedSession = { ...rest, id, userId, expiresAt, createdAt, updatedAt, current: id === currentId };
  if (withToken && token !== undefined) listed.token = token;
  return listed;
}
