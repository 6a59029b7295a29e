import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import type { Logger } from "../options/auth-options.js";
import type { SecondaryStorage } from "../rate-limit/secondary-storage.js";
import type { Row, Schema } from "../schema/schema-types.js";
import { reviveDates, sessionDateFields } from "../schema/session-date-fields.js";

/** A session row with its user row, as the session lookup joins them. */
export interface CachedSession {
  session: Row;
  user: Row;
}

/** What the cache knows about a token hash. `skip`: ask the database and do not fill (marked or unreachable). */
export type CacheRead =
  | { kind: "hit"; data: CachedSession }
  | { kind: "revoked" }
  | { kind: "miss" }
  | { kind: "skip" };

/** Where a session's cache entry stands after a write to it. */
export interface SessionMark {
  token: string;
  expiresAt: Date;
}

/**
 * Session lookups cached in secondary storage under `session:<token hash>`, with a TTL equal to the
 * session's remaining life. Writes never update an entry: they replace it with a marker first
 * (`markStale`, before the database write, refusing the write when the store is unreachable), then
 * after the commit with a stale or revoked marker. Fills use set-if-absent, so a lookup that read the
 * database before the write cannot put the old rows back over a marker.
 */
export interface SessionCache {
  read(tokenHash: string): Promise<CacheRead>;
  /** Best effort: a failure only means the next lookup asks the database again. */
  fill(tokenHash: string, data: CachedSession): Promise<void>;
  /** Before a write: throws SESSION_STORE_UNAVAILABLE (503) when the store cannot be reached. */
  markStale(sessions: readonly SessionMark[]): Promise<void>;
  /** After a committed write; best effort (the earlier `markStale` already displaced the entry). */
  markAfterCommit(sessions: readonly SessionMark[], revoked: boolean): Promise<void>;
}

const REVOKED = "!revoked";
const STALE = "!stale";
// Covers a lookup that read the database just before a write committed and fills just after.
const STALE_SECONDS = 60;
// One log line per outage window, not one per request.
const LOG_EVERY_MS = 30_000;

/** The session cache on `storage`, or null when the storage cannot fill race-free (no `setIfAbsent`). */
export function createSessionCache(
  storage: SecondaryStorage,
  schema: Schema,
  now: () => number,
  logger: Logger,
  maxSessionSeconds: number,
): SessionCache | null {
  const setIfAbsent = storage.setIfAbsent?.bind(storage);
  if (!setIfAbsent) return null;
  const { session: sessionDates, user: userDates } = sessionDateFields(schema);
  const key = (tokenHash: string) => `session:${tokenHash}`;
  // An unreadable expiry keeps the entry (or marker) for the longest a session can live.
  const secondsLeft = (expiresAt: Date) => {
    const ms = new Date(expiresAt).getTime() - now();
    return Number.isFinite(ms) ? Math.max(1, Math.ceil(ms / 1000)) : maxSessionSeconds;
  };
  let lastLog = 0;
  const report = (what: string, err: unknown) => {
    if (now() - lastLog < LOG_EVERY_MS) return;
    lastLog = now();
    logger.error(`Gatehouse: secondary storage unreachable (${what}); sessions are read from the database`, err);
  };

  return {
    async read(tokenHash) {
      let raw: string | null;
      try {
        raw = await storage.get(key(tokenHash));
      } catch (err) {
        report("read", err);
        return { kind: "skip" };
      }
      if (raw === null) return { kind: "miss" };
      if (raw === REVOKED) return { kind: "revoked" };
      if (raw === STALE) return { kind: "skip" };
      try {
        const data = JSON.parse(raw) as CachedSession;
        reviveDates(data.session, sessionDates);
        reviveDates(data.user, userDates);
        return { kind: "hit", data };
      } catch {
        return { kind: "skip" };
      }
    },
    async fill(tokenHash, data) {
      try {
        await setIfAbsent(key(tokenHash), JSON.stringify(data), secondsLeft(data.session.expiresAt as Date));
      } catch (err) {
        report("fill", err);
      }
    },
    async markStale(sessions) {
      try {
        await Promise.all(sessions.map((s) => storage.set(key(s.token), STALE, STALE_SECONDS)));
      } catch (err) {
        report("write", err);
        throw new AuthError(CORE_ERRORS.SESSION_STORE_UNAVAILABLE);
      }
    },
    async markAfterCommit(sessions, revoked) {
      try {
        await Promise.all(
          sessions.map((s) =>
            revoked
              ? storage.set(key(s.token), REVOKED, secondsLeft(s.expiresAt))
              : storage.set(key(s.token), STALE, STALE_SECONDS),
          ),
        );
      } catch (err) {
        report("write", err);
      }
    },
  };
}
