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
