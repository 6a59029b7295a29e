import type { Auth } from "../create-auth.js";
import type { SessionWithUser } from "../schema/model-types.js";
import { notFoundAnswer } from "./fetch-integration.js";
import { type AnyHeaders, type SessionReader, getSessionFromHeaders } from "./get-session-from-headers.js";
import { type WellKnownDocuments, toFetchWellKnown } from "./to-fetch-well-known.js";

/** A Next.js App Router route handler: the Fetch `Request` in, a `Response` out. */
export type NextRouteHandler = (request: Request) => Promise<Response>;

/** The exports of `app/api/auth/[...all]/route.ts`. */
export interface NextJsHandlers {
  GET: NextRouteHandler;
  POST: NextRouteHandler;
  PATCH: NextRouteHandler;
  PUT: NextRouteHandler;
  DELETE: NextRouteHandler;
  OPTIONS: NextRouteHandler;
}

/**
 * The route handlers for a catch-all route at the auth base path:
 * `export const { GET, POST, PATCH, PUT, DELETE, OPTIONS } = toNextJsHandler(auth);`
 * Next.js does not tell a route handler the peer address, so rate limits need a proxy header you
 * trust in `advanced.ipAddressHeaders`.
 */
export function toNextJsHandler(auth: Pick<Auth, "handler">): NextJsHandlers {
  const handler: NextRouteHandler = (request) => auth.handler(request);
  return { GET: handler, POST: handler, PATCH: handler, PUT: handler, DELETE: handler, OPTIONS: handler };
}

/** The exports of `app/.well-known/[...path]/route.ts`. */
export interface NextJsWellKnownHandlers {
  GET: NextRouteHandler;
  HEAD: NextRouteHandler;
  OPTIONS: NextRouteHandler;
}

// What Next.js itself answers a plain OPTIONS with on a route that exports GET and HEAD (its
// autoImplementMethods); exporting OPTIONS for the preflight must not change that answer.
const ALLOW = "GET, HEAD, OPTIONS";

/**
 * The route handlers for the origin-root well-known documents (the OAuth provider's metadata). In
 * `app/.well-known/[...path]/route.ts`:
 * `export const { GET, HEAD, OPTIONS } = toNextJsWellKnown(auth, oauthWellKnown(auth));`
 * A document `documents` knows is answered, its CORS preflight too (see toFetchWellKnown: a malformed
 * Host is a 400), any other path Gatehouse's 404. Next.js calls `OPTIONS` for every OPTIONS once it is
 * exported and a route cannot hand a request on, so a plain OPTIONS (not a preflight) gets the answer
 * Next.js gives without the export: 204 with `Allow`. Next.js answers other methods 405 itself, and a
 * more specific route file (`app/.well-known/security.txt/route.ts`) still wins for its path.
 */
export function toNextJsWellKnown(auth: Pick<Auth, "options">, documents: WellKnownDocuments): NextJsWellKnownHandlers {
  const wellKnown = toFetchWellKnown(auth, documents);
  const handler: NextRouteHandler = async (request) => (await wellKnown(request)) ?? notFoundAnswer(auth);
  const options: NextRouteHandler = async (request) => {
    if (request.headers.has("access-control-request-method")) return handler(request);
    return new Response(null, { status: 204, headers: { allow: ALLOW } });
  };
  return { GET: handler, HEAD: handler, OPTIONS: options };
}

/**
 * The signed-in session and user, or null, in a server component, route handler or server action:
 * `const session = await getSession(auth, await headers());` (`headers` from `next/headers`).
 * It only reads; see getSessionFromHeaders.
 */
export function getSession<S = SessionWithUser>(auth: SessionReader<S>, headers: AnyHeaders): Promise<S | null> {
  return getSessionFromHeaders(auth, headers);
}

export type { AnyHeaders, SessionReader, WellKnownDocuments };
