import { generateId } from "../crypto/index.js";
import type { Db } from "../db/create-db.js";

/**
 * The generation of the session cache, kept in the database (the source of truth). Cache keys carry
 * it, so starting a new one makes every entry cached so far unreachable at once, on every instance —
 * without the secondary storage, which is exactly when it is needed: a revocation that cannot mark its
 * cache entries (the store is down or hung) starts a new generation instead, and entries cached before
 * the outage can never answer again when the store returns.
 */
export interface SessionCacheGeneration {
  /**
   * The generation this instance last read (null before the first read), and whether it may be used
   * without reading it again (read recently, and the store has not failed since).
   */
  known(): { value: string | null; trusted: boolean };
  /** Reads the generation from the database (concurrent callers share one query). */
  load(): Promise<string>;
  /** Reads it through `db` (a write's own transaction), for a write about to mark entries under it. */
  loadIn(db: Db): Promise<string>;
  /** The store failed: re-read the generation before trusting the store again (it may have moved meanwhile). */
  distrust(): void;
  /** Starts a new generation through `db` (a write's own transaction, so a rollback undoes it too). */
  bump(db: Db): Promise<void>;
}

// A verification row (the key-value table every dialect has, identifier indexed). No token, code or
// link ever hashes to this identifier: theirs are "<kind>:<hash>".
const IDENTIFIER = "session-cache-generation";
// Never swept as expired (the cleanup job removes expired verification rows only).
const NEVER = new Date("9999-01-01T00:00:00.000Z");
/**
 * How long an instance uses a generation before reading it again. It bounds how long an instance
 * that never saw the store fail (a network split between the instances and the store) can serve an
 * entry made stale by a revocation another instance could not mark. One indexed query per instance
 * per interval, never per request.
 */
export const GENERATION_RECHECK_MS = 1000;

/** The generation on `root` (the database outside any transaction); `now` is the options' clock. */
export function createSessionCacheGeneration(root: Db, now: () => number): SessionCacheGeneration {
  let value: string | null = null;
  let readAt = 0;
  let trusted = false;
  // Counts failures, so a read that started before one can neither restore trust nor be shared after it.
  let failures = 0;
  let inflight: { seen: number; promise: Promise<string> } | null = null;

  async function read(db: Db): Promise<string> {
    const rows = await db.findMany<{ value: string }>({
      model: "verification",
      where: [{ field: "identifier", value: IDENTIFIER }],
      select: ["value"],
    });
    // Two instances may create the row at once: every instance joins all rows the same way.
    if (rows.length > 0)
      return rows
        .map((r) => r.value)
        .sort()
        .join(".");
    // Missing (first use, or someone deleted it): a fresh value, never one used before.
    await create(db);
    return read(db);
  }

  async function create(db: Db) {
    const at = new Date(now());
    await db.create({
      model: "verification",
      data: { identifier: IDENTIFIER, value: generateId(), expiresAt: NEVER, createdAt: at, updatedAt: at },
    });
  }

  return {
    known() {
      return { value, trusted: trusted && value !== null && now() - readAt < GENERATION_RECHECK_MS };
    },
    load() {
      if (inflight?.seen === failures) return inflight.promise;
      const seen = failures;
      const started = now();
      const promise = read(root)
        .then((v) => {
          if (seen === failures) {
            value = v;
            readAt = started;
            trusted = true;
          }
          return v;
        })
        .finally(() => {
          if (inflight?.promise === promise) inflight = null;
        });
      inflight = { seen, promise };
      return promise;
    },
    loadIn: read,
    distrust() {
      failures++;
      trusted = false;
    },
    async bump(db) {
      failures++;
      trusted = false;
      const changed = await db.updateMany({
        model: "verification",
        where: [{ field: "identifier", value: IDENTIFIER }],
        update: { value: generateId(), updatedAt: new Date(now()) },
      });
      if (changed === 0) await create(db);
    },
  };
}
