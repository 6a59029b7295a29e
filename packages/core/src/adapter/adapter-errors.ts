/** A programming error in an adapter call: unknown model or field, bad operator, bad value. */
export class AdapterError extends Error {
  override name = "AdapterError";
}

/** A write hit a unique constraint. Adapters translate driver-specific errors to this one. */
export class UniqueConstraintError extends Error {
  override name = "UniqueConstraintError";
  constructor(
    readonly model: string,
    cause?: unknown,
  ) {
    super(`Unique constraint violated on ${model}`, { cause });
  }
}

/**
 * The database could not be reached (refused, reset, timed out, shut down, busy): not a bug in the
 * query. Adapters turn their driver's connection failures into this one error; core answers it with
 * 503 DATABASE_UNAVAILABLE and a Retry-After, so clients retry instead of reporting a server fault.
 * The message names where the database is (never a password) and what to check; it is logged, not sent.
 */
export class DatabaseUnavailableError extends Error {
  override name = "DatabaseUnavailableError";
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
  }
}

/** True for `DatabaseUnavailableError`, also when it comes from another copy of this module. */
export function isDatabaseUnavailableError(error: unknown): error is DatabaseUnavailableError {
  return (
    error instanceof DatabaseUnavailableError || (error instanceof Error && error.name === "DatabaseUnavailableError")
  );
}
