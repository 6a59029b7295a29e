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
 * under `/.well-known/` reach `documents`; anything else is null, so the app's own routes (security.txt,
 * an app's POST) are untouched. A malformed Host is a 400 as on the auth routes, before `documents` runs:
 * the metadata names URLs, and a Host that is not one must not shape them. The answer is `documents`' own,
 * headers (CORS from auth.handler included) as they are.
 */
export function toFetchWellKnown(auth: Pick<Auth, "options">, documents: WellKnownDocuments): FetchWellKnown {
  return async (request) => {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    if (!isWellKnownPath(new URL(request.url).pathname)) return null;
    return refuseBadHost(request.headers.get("host"), auth) ?? documents(request);
  };
}

/** Whether a request path is under `/.well-known/` (where an origin's metadata lives, RFC 8615). */
export function isWellKnownPath(pathname: string): boolean {
  return pathname.startsWith(PREFIX);
}
