/** Read-only header access, satisfied by Fetch `Headers` and by core's node adapter. */
export interface HeaderReader {
  get(name: string): string | null;
}

/**
 * The transport-neutral request the router works on. Building a WHATWG `Request` per call costs
 * more than the whole get-session hot path, so `toNodeHandler` fills this in directly.
 */
export interface AuthRequest {
  method: string;
  /** Path below the auth base path, e.g. `/sign-in/email`. */
  path: string;
  query: URLSearchParams;
  headers: HeaderReader;
  /** The peer address of the socket, when the transport knows it. */
  socketAddress?: string;
  /** Reads the body as text, failing with PAYLOAD_TOO_LARGE past `limit` bytes. */
  readBody(limit: number): Promise<string>;
  /** The original Fetch request, when there was one. */
  raw?: Request;
}

/** What the router produces; the transport adapter writes it out. */
export interface AuthResponse {
  status: number;
  headers: Record<string, string>;
  cookies: string[];
  body: string | null;
}

/** Headers built from a plain record (server-side `api.*` calls). */
export function headersFrom(init: HeadersInit | HeaderReader | undefined): HeaderReader {
  if (!init) return new Headers();
  if (typeof (init as HeaderReader).get === "function") return init as HeaderReader;
  return new Headers(init as HeadersInit);
}
