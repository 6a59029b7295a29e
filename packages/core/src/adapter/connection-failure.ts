/**
 * Which driver errors mean "the database cannot be reached right now" rather than "this query is
 * wrong": the one list the adapter consults (database-watch.ts turns a match into
 * `DatabaseUnavailableError`, which core answers with 503). Anything not listed stays a bug: 500, logged.
 */

/** Socket-level failures Node reports for any driver: refused, reset, timed out, unreachable, unknown host. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL SQLSTATEs: 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting
 * up, in recovery), 53300 too_many_connections; class 08 (connection exception) is matched by prefix.
 */
const PG_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/**
 * mysql2's codes: the connection was lost or is closed, the server is shutting down or has no
 * connection slot left, the handshake timed out.
 */
const MYSQL_CODES = new Set([
  "PROTOCOL_CONNECTION_LOST",
  "PROTOCOL_SEQUENCE_TIMEOUT",
  "PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR",
  "PROTOCOL_ENQUEUE_AFTER_QUIT",
  "ER_CON_COUNT_ERROR",
  "ER_SERVER_SHUTDOWN",
  "ER_TOO_MANY_USER_CONNECTIONS",
]);

/** postgres.js's codes (drizzle-orm/postgres-js): the connection closed, ended or was destroyed, or connecting timed out. */
const POSTGRES_JS_CODES = new Set(["CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT"]);

/**
 * Messages of drivers that set no code: pg's unexpected end and its acquire/connect timeouts, a pg
 * client reused after its connection broke, mysql2 writing to a closed connection.
 */
const MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Connection ended unexpectedly/,
  /^Can't add new command when connection is in closed state/,
];

/** SQLite cannot go away, but a file locked by another connection past the busy timeout is the same for a client: retry. */
const SQLITE_BUSY = /^SQLITE_(BUSY|LOCKED)(_|$)/;

/** The kind of trouble, or null when the error is not a connection-class failure. */
export function classifyConnectionFailure(error: unknown): "unreachable" | "busy" | null {
  return classify(error, 0);
}

function classify(error: unknown, depth: number): "unreachable" | "busy" | null {
  // Causes and aggregated attempts (IPv4 and IPv6 for "localhost") nest, but never deeply.
  if (depth > 4 || !error || typeof error !== "object") return null;
  const e = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  const code = typeof e.code === "string" ? e.code : "";
  if (SQLITE_BUSY.test(code)) return "busy";
  if (NETWORK_CODES.has(code) || MYSQL_CODES.has(code) || PG_STATES.has(code) || POSTGRES_JS_CODES.has(code))
    return "unreachable";
  if (/^08[0-9A-Z]{3}$/.test(code)) return "unreachable";
  if (typeof e.message === "string" && MESSAGES.some((m) => m.test(e.message as string))) return "unreachable";
  if (Array.isArray(e.errors))
    for (const inner of e.errors) {
      const kind = classify(inner, depth + 1);
      if (kind) return kind;
    }
  return e.cause ? classify(e.cause, depth + 1) : null;
}
