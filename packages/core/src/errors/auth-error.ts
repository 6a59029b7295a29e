/** One entry of an error catalogue: the catalogue owns the HTTP status and the message. */
export interface ErrorDef {
  status: number;
  message: string;
}

/** One entry of a catalogue built by `defineErrors`: the definition with its code. */
export type CatalogueError = ErrorDef & { code: string };

/** A package's error catalogue, keyed by code (UPPER_SNAKE_CASE). */
export type ErrorCatalogue = Record<string, ErrorDef>;

/** Declares a catalogue while keeping its literal keys for `$errors` autocompletion. */
export function defineErrors<const C extends ErrorCatalogue>(catalogue: C): { [K in keyof C]: C[K] & { code: K } } {
  const out: Record<string, ErrorDef & { code: string }> = {};
  for (const [code, def] of Object.entries(catalogue)) out[code] = { ...def, code };
  return out as { [K in keyof C]: C[K] & { code: K } };
}

/** The error every endpoint throws: turned into `{ code, message }` JSON with its status. */
export class AuthError extends Error {
  override name = "AuthError";
  readonly code: string;
  readonly status: number;
  /** Extra fields merged into the JSON body (e.g. validation issues). */
  readonly details?: Record<string, unknown>;
  /** Response headers to add (e.g. Retry-After). */
  readonly headers?: Record<string, string>;
  /** Set-Cookie lines the refusal still sends (e.g. clearing a dead session cookie). */
  readonly cookies?: readonly string[];

  constructor(
    def: CatalogueError,
    options: {
      message?: string;
      details?: Record<string, unknown>;
      headers?: Record<string, string>;
      cookies?: readonly string[];
    } = {},
  ) {
    super(options.message ?? def.message);
    this.code = def.code;
    this.status = def.status;
    this.details = options.details;
    this.headers = options.headers;
    this.cookies = options.cookies;
  }

  /** The JSON body sent to the client. */
  toJSON(): Record<string, unknown> {
    return { code: this.code, message: this.message, ...this.details };
  }
}

/** True for errors thrown by endpoints (also across duplicated module copies). */
export function isAuthError(error: unknown): error is AuthError {
  return error instanceof AuthError || (error instanceof Error && error.name === "AuthError" && "status" in error);
}
