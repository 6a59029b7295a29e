import { DatabaseUnavailableError, isDatabaseUnavailableError } from "./adapter-errors.js";
import { classifyConnectionFailure } from "./connection-failure.js";

/** Removes `user:password@` from anything URL-like in a driver's message before it is logged. */
export function redactCredentials(message: string): string {
  return message.replace(/\/\/[^/\s@]*@/g, "//");
}

/** Where the watch reports (createAuth's logger; console when the adapter is used on its own). */
export interface WatchLogger {
  error(message: string, ...details: unknown[]): void;
  warn(message: string, ...details: unknown[]): void;
}

/** A database's health as its queries and its pool's events show it, shared by every adapter on one driver object. */
export interface DatabaseWatch {
  /** Where the database is, as log lines and errors name it. */
  readonly where: string;
  /**
   * A driver error: a connection failure comes back as `DatabaseUnavailableError` (and the outage is
   * logged, once); any other error comes back unchanged, for the caller to rethrow.
   */
  fail(error: unknown): unknown;
  /** A query succeeded: ends a reported outage (logged once). */
  ok(): void;
  /** Reports to `logger` from now on (the most recent createAuth on this driver object). */
  useLogger(logger: WatchLogger): void;
}

/**
 * An outage is logged when it starts, but not again within this window: a pool that flaps (SQLite
 * under lock contention, a failover that accepts then drops) must not fill the log once per query.
 */
const RELOG_AFTER_MS = 60_000;

const watches = new WeakMap<object, DatabaseWatch>();

/**
 * The watch of `database` (a pool, a SQLite database, a Kysely or Drizzle instance), created on first use:
 * every adapter over one driver object shares it, so an outage is logged once whichever adapter met it.
 */
export function watchDatabase(database: object, where: string): DatabaseWatch {
  let watch = watches.get(database);
  if (!watch) {
    watch = createWatch(where);
    watches.set(database, watch);
    listenToPool(database, watch);
  }
  return watch;
}

function createWatch(where: string): DatabaseWatch {
  let logger: WatchLogger = console;
  let down = false;
  let reported = false;
  let lastReport = Number.NEGATIVE_INFINITY;
  return {
    where,
    useLogger(next) {
      logger = next;
    },
    ok() {
      if (!down) return;
      down = false;
      if (reported) logger.warn(`Gatehouse: database at ${where} answers again; requests are served normally.`);
      reported = false;
    },
    fail(error) {
      if (isDatabaseUnavailableError(error)) return error;
      const kind = classifyConnectionFailure(error);
      if (!kind) return error;
      const reason = redactCredentials(error instanceof Error ? error.message || error.name : String(error));
      const message =
        kind === "busy"
          ? `database ${where} is locked by another connection (${reason}); requests answer 503 DATABASE_UNAVAILABLE until it is free. Shorten the other connection's transactions or raise better-sqlite3's timeout option.`
          : `database unreachable at ${where} (${reason}); requests answer 503 DATABASE_UNAVAILABLE until it is back. Check that the server is running and reachable from this host, and the URL or pool settings.`;
      if (!down) {
        down = true;
        const now = Date.now();
        if (now - lastReport >= RELOG_AFTER_MS) {
          lastReport = now;
          reported = true;
          logger.error(`Gatehouse: ${message}`);
        }
      }
      return new DatabaseUnavailableError(message, error);
    },
  };
}

type Emitter = { on(event: string, listener: (...args: unknown[]) => void): unknown };
const isEmitter = (v: unknown): v is Emitter => !!v && typeof (v as Emitter).on === "function";
const guarded = new WeakSet<object>();

/**
 * Gives a pooled connection an 'error' listener for its whole life. Without one, a connection that
 * breaks while checked out (pg emits 'error' on the client; mysql2 listens only once) is an unhandled
 * 'error' event, which ends the process. The failure itself reaches the query that was running, if any.
 */
export function guardConnection(connection: unknown, watch: DatabaseWatch): void {
  if (!isEmitter(connection) || guarded.has(connection)) return;
  guarded.add(connection);
  connection.on("error", (error: unknown) => void watch.fail(error));
}

/**
 * The pool's own events: pg's Pool emits 'error' for an idle client whose connection broke (a server
 * restart) and 'connect' for each new client; mysql2's pool emits 'connection' for each new one.
 */
function listenToPool(database: object, watch: DatabaseWatch): void {
  // A mysql2/promise pool forwards to the callback pool inside it, where the events are emitted.
  const inner = (database as { pool?: unknown }).pool;
  const pool = isEmitter(inner) ? inner : database;
  if (!isEmitter(pool) || "prepare" in pool) return; // better-sqlite3 has no connections to lose
  pool.on("error", (error: unknown) => void watch.fail(error));
  pool.on("connect", (client: unknown) => guardConnection(client, watch));
  pool.on("connection", (connection: unknown) => guardConnection(connection, watch));
}
