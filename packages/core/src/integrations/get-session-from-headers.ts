import type { HeaderReader } from "../api/auth-request.js";
import { isAuthError } from "../errors/auth-error.js";
import type { ApiInput } from "../create-auth.js";
import type { SessionWithUser } from "../schema/model-types.js";

/**
 * Request headers in whatever shape a framework hands them out: a Fetch `Headers` (Hono, Next.js
 * `headers()`, Remix, SvelteKit), node's `req.headers` (Express, Fastify, Koa), a plain record, or pairs.
 * Node's `IncomingHttpHeaders` fits the record shape, so it is not named: naming it would make this
 * declaration (exported from the package root, which the browser client's types read) import
 * `node:http`, and a browser app without @types/node would fail to type-check.
 */
export type AnyHeaders = HeaderReader | Record<string, string | string[] | undefined> | [string, string][];

/** Anything with `api.getSession`: the result of `createAuth`, with any plugins. */
export interface SessionReader<S> {
  api: {
    getSession(input: ApiInput<undefined, { disableRefresh?: boolean }> & { headers: Headers }): Promise<S | null>;
  };
}

/**
 * The signed-in session and user for a request's headers, or null: one line in any framework. A
 * credential the server refuses (401/403) is null too, as no credential would be.
 * It only reads: the session is not extended here, because a renewed cookie could not reach the
 * browser from a server component or a helper that returns no response. The browser's own
 * `/get-session` calls (the client does them) keep extending it.
 */
export async function getSessionFromHeaders<S = SessionWithUser>(
  auth: SessionReader<S>,
  headers: AnyHeaders,
): Promise<S | null> {
  try {
    return await auth.api.getSession({ headers: toHeaders(headers), query: { disableRefresh: true } });
  } catch (error) {
    // A credential the server refuses (an unknown or revoked API key, an organization's key, a plugin's
    // 401/403) means no signed-in user for the page: thrown, it would turn any stranger's header into the
    // framework's 500. A dependency down (503) or a bug still throws.
    if (isAuthError(error) && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}

/** Headers from any of the accepted shapes; a value Fetch `Headers` would refuse is dropped, not thrown. */
function toHeaders(input: AnyHeaders): Headers {
  // Core reads request headers only through get(), so any reader (Headers, or a framework's
  // wrapper around it) is used as it is.
  if (typeof (input as HeaderReader).get === "function") return input as HeaderReader as Headers;
  const out = new Headers();
  const entries: [string, unknown][] = Array.isArray(input) ? input : Object.entries(input);
  for (const [name, value] of entries) {
    if (typeof value === "string") append(out, name, value);
    // node joins repeated Cookie headers with "; " (RFC 6265 §5.4), every other one with ", ".
    else if (Array.isArray(value))
      append(out, name, value.filter((v) => typeof v === "string").join(name.toLowerCase() === "cookie" ? "; " : ", "));
  }
  return out;
}

function append(headers: Headers, name: string, value: string): void {
  try {
    headers.append(name, value);
  } catch {
    // An invalid name or value: a request with it could not have reached the server anyway.
  }
}
