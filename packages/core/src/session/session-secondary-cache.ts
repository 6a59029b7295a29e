import type { Db } from "../db/create-db.js";
import type { Logger } from "../options/auth-options.js";
import type { SecondaryStorage } from "../rate-limit/secondary-storage.js";
import type { Row, Schema } from "../schema/schema-types.js";
import { reviveDates, sessionDateFields } from "../schema/session-date-fields.js";
import type { SessionCacheGeneration } from "./session-cache-generation.js";

/** A session row with its user row, as the session lookup joins them. */
export interface CachedSession {
  session: Row;
  user: Row;
}

/** What the cache knows about a token hash. `skip`: ask the database and do not fill (marked or unreachable). */
export type CacheRead =
  | { kind: "hit"; data: CachedSession }
  | { kind: "revoked" }
  | { kind: "miss"; key: string }
  | { kind: "skip" };

/** Where a session's cache entry stands after a write to it. */
export interface SessionMark {
  token: string;
  expiresAt: Date;
}

/**
 * Session lookups cached in secondary storage under `session:<generation>:<token hash>`, with a TTL
 * equal to the session's remaining life. Writes never update an entry: they replace it with a marker
 * first (`markStale`, before the database write), then after the commit with a stale or revoked
 * marker. Fills use set-if-absent, so a lookup that read the database before the write cannot put the
 * old rows back over a marker. When the store cannot be reached to mark, the write starts a new cache
 * generation in the database instead (session-cache-generation.ts) and goes ahead: the database is the
 * source of truth, so revocations and bans work during an outage and hold after it.
 */
export interface SessionCache {
  read(tokenHash: string): Promise<CacheRead>;
  /** Best effort, under the key a `miss` named: a failure only means the next lookup asks the database again. */
  fill(key: string, data: CachedSession): Promise<void>;
  /** Before a write through `db`; starts a new generation through `db` when the store cannot be reached. */
  markStale(sessions: readonly SessionMark[], db: Db): Promise<void>;
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
  generation: SessionCacheGeneration,
): SessionCache | null {
  const setIfAbsent = storage.setIfAbsent?.bind(storage);
  if (!setIfAbsent) return null;
  const { session: sessionDates, user: userDates } = sessionDateFields(schema);
  const key = (gen: string, tokenHash: string) => `session:${gen}:${tokenHash}`;
  // An unreadable expiry keeps the entry (or marker) for the longest a session can live.
  const secondsLeft = (expiresAt: Date) => {
    const ms = new Date(expiresAt).getTime() - now();
    return Number.isFinite(ms) ? Math.max(1, Math.ceil(ms / 1000)) : maxSessionSeconds;
  };
  let lastLog = 0;
  const report = (what: string, err: unknown) => {
    // Whatever the store answers next is checked against the database's generation first.
    generation.distrust();
    if (now() - lastLog < LOG_EVERY_MS) return;
    lastLog = now();
    logger.error(`Gatehouse: secondary storage unreachable (${what}); sessions are read from the database`, err);
  };
  // null: unreachable (reported), so the caller reads the database.
  const get = (k: string) =>
    storage.get(k).catch((err: unknown) => {
      report("read", err);
      return undefined;
    });

  function interpret(raw: string | null, k: string): CacheRead {
    if (raw === null) return { kind: "miss", key: k };
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
  }

  return {
    async read(tokenHash) {
      // The hot path: a trusted generation and one store read, no query. During an outage the store
      // read fails first, so a lookup still costs one query (its own), not two.
      const known = generation.known();
      let raw: string | null | undefined;
      if (known.value !== null) {
        raw = await get(key(known.value, tokenHash));
        if (raw === undefined) return { kind: "skip" };
        if (known.trusted) return interpret(raw, key(known.value, tokenHash));
      }
      // Not trusted (due for a re-read, or the store failed since): an entry counts only under the
      // database's current generation.
      let gen: string;
      try {
        gen = await generation.load();
      } catch {
        return { kind: "skip" };
      }
      if (gen !== known.value) raw = await get(key(gen, tokenHash));
      if (raw === undefined) return { kind: "skip" };
      return interpret(raw, key(gen, tokenHash));
    },
    async fill(k, data) {
      try {
        await setIfAbsent(k, JSON.stringify(data), secondsLeft(data.session.expiresAt as Date));
      } catch (err) {
        report("fill", err);
      }
    },
    async markStale(sessions, db) {
      // Marked under the database's generation (not this instance's copy, which may be a second old).
      const gen = await generation.loadIn(db);
      try {
        await Promise.all(sessions.map((s) => storage.set(key(gen, s.token), STALE, STALE_SECONDS)));
      } catch (err) {
        report("write", err);
        await generation.bump(db);
      }
    },
    async markAfterCommit(sessions, revoked) {
      try {
        const gen = await generation.load();
        await Promise.all(
          sessions.map((s) =>
            revoked
              ? storage.set(key(gen, s.token), REVOKED, secondsLeft(s.expiresAt))
              : storage.set(key(gen, s.token), STALE, STALE_SECONDS),
          ),
        );
      } catch (err) {
        report("write", err);
      }
    },
  };
}
