import type { Auth } from "../create-auth.js";
import type { SessionWithUser } from "../schema/model-types.js";
import { type AnyHeaders, type SessionReader, getSessionFromHeaders } from "./get-session-from-headers.js";

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

/**
 * The signed-in session and user, or null, in a server component, route handler or server action:
 * `const session = await getSession(auth, await headers());` (`headers` from `next/headers`).
 * It only reads; see getSessionFromHeaders.
 */
export function getSession<S = SessionWithUser>(auth: SessionReader<S>, headers: AnyHeaders): Promise<S | null> {
  return getSessionFromHeaders(auth, headers);
}

export type { AnyHeaders, SessionReader };
