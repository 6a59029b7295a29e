import type { Auth } from "../create-auth.js";
import { refuseBadHost } from "./fetch-integration.js";

/**
 * The origin-root documents an app serves from Gatehouse (the OAuth provider's `oauthWellKnown(auth)`):
 * the answer for a path it knows, null for any other.
 */
export type WellKnownDocuments = (request: Request) => Promise<Response | null>;

/** A well-known mount as a Fetch handler: the answer, or null when the request is not one of the documents. */
export type FetchWellKnown = (request: Request) => Promise<Response | null>;

const PREFIX = "/.well-known/";

/**
 * The one well-known mount every framework helper wraps (and Hono, Bun or any Fetch router uses as it
 * is: `const answer = await wellKnown(request); if (answer) return answer;`). Only GET and HEAD of a path
 * under `/.well-known/`, and a CORS preflight of one (OPTIONS with `Access-Control-Request-Method`), reach
 * `documents`; anything else is null, so the app's own routes (security.txt, an app's POST, a plain
 * OPTIONS) are untouched. The preflight goes to `documents` like the GET it announces: a browser app on a
 * trusted origin reads the metadata cross-origin only if its preflight is answered as auth.handler answers
 * it for the document (204 with the CORS headers, 403 for an untrusted origin, 405 for a method the
 * document does not take). A malformed Host is a 400 as on the auth routes, before `documents` runs: the
 * metadata names URLs, and a Host that is not one must not shape them. The answer is `documents`' own,
 * headers (CORS from auth.handler included) as they are.
 */
export function toFetchWellKnown(auth: Pick<Auth, "options">, documents: WellKnownDocuments): FetchWellKnown {
  return async (request) => {
    if (!isDocumentMethod(request.method, request.headers.has("access-control-request-method"))) return null;
    if (!isWellKnownPath(new URL(request.url).pathname)) return null;
    return refuseBadHost(request.headers.get("host"), auth) ?? documents(request);
  };
}

/**
 * Whether a request may reach the documents: GET, HEAD, or a CORS preflight (an OPTIONS without
 * `Access-Control-Request-Method` is not one, and stays the app's). toFetchWellKnown and the node mount
 * (which must decide before it builds a Fetch `Request`, to hand the rest to `next`) share this one rule,
 * so they cannot drift apart.
 */
export function isDocumentMethod(method: string, announcesMethod: boolean): boolean {
  if (method === "GET" || method === "HEAD") return true;
  return method === "OPTIONS" && announcesMethod;
}

/** Whether a request path is under `/.well-known/` (where an origin's metadata lives, RFC 8615). */
export function isWellKnownPath(pathname: string): boolean {
  return pathname.startsWith(PREFIX);
}
