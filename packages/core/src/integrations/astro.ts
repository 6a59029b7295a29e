import type { Auth } from "../create-auth.js";
import type { SessionWithUser } from "../schema/model-types.js";
import { isBelowBasePath, notFoundAnswer, refuseBadHost } from "./fetch-integration.js";
import { type AnyHeaders, type SessionReader, getSessionFromHeaders } from "./get-session-from-headers.js";
import { type WellKnownDocuments, toFetchWellKnown } from "./to-fetch-well-known.js";

// Structural slices of Astro's types: core must not depend on astro, and a real APIContext /
// MiddlewareHandler satisfies each of them (the example app in examples/astro type-checks it).

/** The part of Astro's `APIContext` the handler reads. */
export interface AstroContextLike {
  request: Request;
  url: URL;
  /** The peer address from the adapter (@astrojs/node: the socket); a getter that throws when prerendering. */
  readonly clientAddress: string;
}

/** An Astro endpoint (`APIRoute`) over the context slice above. */
export type AstroRoute = (context: AstroContextLike) => Promise<Response>;

/**
 * The endpoint for the auth routes. In `src/pages/api/auth/[...all].ts`:
 * `export const prerender = false; export const ALL = toAstroHandler(auth);`
 * The Fetch `Request` Astro hands over goes to `auth.handler`, so the same origin check, CORS, body rules
 * and rate limits apply as everywhere else. A malformed Host is a 400 as in toNodeHandler, and a path
 * outside `basePath` (the route file in the wrong folder) Gatehouse's 404.
 */
export function toAstroHandler(auth: Pick<Auth, "handler" | "options">): AstroRoute {
  const { basePath } = auth.options;
  return async (context) => {
    const badHost = refuseBadHost(context.request.headers.get("host"), auth);
    if (badHost) return badHost;
    // Astro mounts the file where it is; only basePath and below are Gatehouse's.
    if (!isBelowBasePath(context.url.pathname, basePath)) return notFoundAnswer(auth);
    return auth.handler(context.request, { clientAddress: clientAddress(context) });
  };
}

/**
 * The endpoint for origin-root documents outside `basePath`, such as the OAuth provider's well-known
 * metadata. In `src/pages/.well-known/[...path].ts`:
 * `export const prerender = false; export const ALL = toAstroWellKnown(auth, oauthWellKnown(auth));`
 * A GET or HEAD of a path `documents` knows is answered (see toFetchWellKnown); anything else gets
 * Gatehouse's 404 (JSON, in the error shape of every other answer); a malformed Host is a 400 as on the
 * auth routes.
 */
export function toAstroWellKnown(auth: Pick<Auth, "options">, documents: WellKnownDocuments): AstroRoute {
  const wellKnown = toFetchWellKnown(auth, documents);
  return async (context) => {
    const badHost = refuseBadHost(context.request.headers.get("host"), auth);
    if (badHost) return badHost;
    return (await wellKnown(context.request)) ?? notFoundAnswer(auth);
  };
}

/**
 * The signed-in session and user, or null, in a page's frontmatter (`getSession(auth, Astro.request)`),
 * an endpoint or middleware (`getSession(auth, context)`). It only reads; see getSessionFromHeaders.
 */
export function getSession<S = SessionWithUser>(
  auth: SessionReader<S>,
  requestOrContext: { headers: Headers } | { request: { headers: Headers } },
): Promise<S | null> {
  const headers = "request" in requestOrContext ? requestOrContext.request.headers : requestOrContext.headers;
  return getSessionFromHeaders(auth, headers);
}

/** Astro's `MiddlewareHandler`, over the slices above; `locals` is Astro's per-request object. */
export type AstroMiddleware = (
  context: { request: Request; url: URL; locals: object },
  next: () => Promise<Response>,
) => Promise<Response>;

/**
 * Middleware for `src/middleware.ts` that reads the session once per request into `locals.session`
 * (null when signed out): `export const onRequest = sessionMiddleware(auth);` (or one step of
 * `sequence(…)`). Requests under `basePath` are passed on without a read: the auth routes read it themselves.
 * Declare `session` in `App.Locals` (src/env.d.ts).
 */
export function sessionMiddleware<S = SessionWithUser>(
  auth: SessionReader<S> & { options: { basePath: string } },
): AstroMiddleware {
  return async (context, next) => {
    const locals = context.locals as { session?: S | null };
    locals.session = isBelowBasePath(context.url.pathname, auth.options.basePath)
      ? null
      : await getSessionFromHeaders(auth, context.request.headers);
    return next();
  };
}

/** The address getter throws for prerendered routes (and adapters without one); rate limits then need a proxy header. */
function clientAddress(context: AstroContextLike): string | undefined {
  try {
    return context.clientAddress || undefined;
  } catch {
    return undefined;
  }
}

export type { AnyHeaders, SessionReader, WellKnownDocuments };
