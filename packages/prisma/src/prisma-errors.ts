/**
 * Prisma wraps a driver's failure in its own errors (PrismaClientKnownRequestError with a P-code, whose
 * `meta.driverAdapterError.cause` says what the driver adapter saw). Gatehouse's shared checks read
 * the drivers' codes, so a failure is handed on as the driver-level error it stands for: a unique
 * violation with the code the database gave, a lost database with a connection code (503), and
 * anything else as Prisma's error without its message, which can quote the query's values.
 */

/** Driver adapter error kinds (driver-adapter-utils' MappedError) that mean the database cannot be reached. */
const UNREACHABLE_KINDS = new Set([
  "DatabaseNotReachable",
  "DatabaseUnavailable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "DatabaseAccessDenied",
  "TransactionAlreadyClosed",
]);

/**
 * Prisma's own codes for the same: can't reach the server (P1001), timed out (P1002, P1008), the server
 * closed the connection (P1017), no connection from the pool in time (P2024), a transaction that
 * could not start in time or was already closed (P2028).
 */
const UNREACHABLE_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);

const UNIQUE_DRIVER_CODES = new Set([
  "23505",
  "1062",
  "2067",
  "1555",
  "SQLITE_CONSTRAINT_UNIQUE",
  "SQLITE_CONSTRAINT_PRIMARYKEY",
]);

interface PrismaLikeError {
  name?: string;
  code?: unknown;
  message?: unknown;
  meta?: { driverAdapterError?: { cause?: AdapterCause }; code?: unknown; message?: unknown };
  cause?: unknown;
}

interface AdapterCause {
  kind?: string;
  originalCode?: unknown;
  originalMessage?: unknown;
  code?: unknown;
  message?: unknown;
}

/** A failure Gatehouse's checks recognise: `code` is the database's (unique) or a connection code (outage). */
export class PrismaDriverError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly prismaCode?: string,
  ) {
    super(message);
    this.name = "PrismaDriverError";
  }
}

function causeOf(error: PrismaLikeError): AdapterCause | undefined {
  const direct = error.meta?.driverAdapterError?.cause;
  if (direct) return direct;
  const inner = error.cause as { cause?: AdapterCause; name?: string } | undefined;
  if (inner && inner.name === "DriverAdapterError") return inner.cause;
  if (error.name === "DriverAdapterError") return (error as { cause?: AdapterCause }).cause;
  return undefined;
}

export function translatePrismaError(error: unknown): unknown {
  if (!error || typeof error !== "object") return error;
  const e = error as PrismaLikeError;
  const prismaCode = typeof e.code === "string" && /^P\d{4}$/.test(e.code) ? e.code : undefined;
  const cause = causeOf(e);
  const kind = cause?.kind;
  if (prismaCode === "P2002" || kind === "UniqueConstraintViolation") {
    const original = String(cause?.originalCode ?? e.meta?.code ?? "");
    const code = UNIQUE_DRIVER_CODES.has(original) ? original : "23505";
    return new PrismaDriverError("unique constraint violated", code === "1062" ? "ER_DUP_ENTRY" : code, prismaCode);
  }
  const driverCode = String(cause?.originalCode ?? e.meta?.code ?? "");
  if (UNIQUE_DRIVER_CODES.has(driverCode))
    return new PrismaDriverError(
      "unique constraint violated",
      driverCode === "1062" ? "ER_DUP_ENTRY" : driverCode,
      prismaCode,
    );
  if ((kind && UNREACHABLE_KINDS.has(kind)) || (prismaCode && UNREACHABLE_CODES.has(prismaCode)))
    return new PrismaDriverError(
      `database connection failed (${kind ?? prismaCode}${driverCode ? ` ${driverCode}` : ""})`,
      "ECONNRESET",
      prismaCode,
    );
  if (/^SQLITE_(BUSY|LOCKED)/.test(driverCode) || kind === "SocketTimeout")
    return new PrismaDriverError(`database busy (${driverCode})`, driverCode, prismaCode);
  // A driver error that reached us unwrapped (e.g. while connecting) keeps its own code for core's check.
  return error;
}
