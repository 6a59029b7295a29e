import type { Auth } from "../create-auth.js";
import type { SessionWithUser } from "../schema/model-types.js";
import { isBelowBasePath, notFoundAnswer, refuseBadHost } from "./fetch-integration.js";
import { type AnyHeaders, type SessionReader, getSessionFromHeaders } from "./get-session-from-headers.js";
import { type WellKnownDocuments, toFetchWellKnown } from "./to-fetch-well-known.js";

// Structural slices of TanStack Start's types: core must not depend on @tanstack/react-start, and a
// real server-route handler context satisfies them (the example app in examples/tanstack-start
// type-checks `server: { handlers: toTanStackStartHandler(auth) }`).

/** The part of a server route handler's context (`{ request, params, context, … }`) the handlers read. */
export interface TanStackStartHandlerContext {
  request: Request;
}

/** A server route method handler over the context slice above. */
export type TanStackStartRouteHandler = (context: TanStackStartHandlerContext) => Promise<Response>;

/**
 * For a route's `server.handlers`. `ANY` is TanStack Start's handler for every method the route does not
 * name (HEAD included), so a method Gatehouse has no route for gets Gatehouse's 405 or 404 in its JSON
 * shape rather than the app's HTML page.
 */
export interface TanStackStartHandlers {
  ANY: TanStackStartRouteHandler;
}

export interface TanStackStartHandlerOptions {
  /**
   * The peer address for the rate limiter. By default the `ip` the server adapter puts on the request
   * (srvx, under Nitro's node preset and `vite preview`, sets the socket's address there); pass
   * `() => getRequestIP()` from `@tanstack/react-start/server` for a host that reports it elsewhere, or
   * name a proxy header you trust in `advanced.ipAddressHeaders`.
   */
  clientAddress?: (request: Request) => string | undefined;
}

/**
 * The handlers for the catch-all server route of the auth routes. In `src/routes/api/auth/$.ts`:
 * `export const Route = createFileRoute("/api/auth/$")({ server: { handlers: toTanStackStartHandler(auth) } });`
 * The Fetch `Request` TanStack Start hands over goes to `auth.handler`, so the same origin check, CORS,
 * body rules and rate limits apply as everywhere else. A malformed Host is a 400 as in toNodeHandler,
 * and a path outside `basePath` (the route file in the wrong folder) Gatehouse's 404.
 */
export function toTanStackStartHandler(
  auth: Pick<Auth, "handler" | "options">,
  options: TanStackStartHandlerOptions = {},
): TanStackStartHandlers {
  const { basePath } = auth.options;
  const addressOf = options.clientAddress ?? adapterAddress;
  return {
    ANY: async ({ request }) => {
      const badHost = refuseBadHost(request.headers.get("host"), auth);
      if (badHost) return badHost;
      // The route file mounts where it is; only basePath and below are Gatehouse's.
      if (!isBelowBasePath(new URL(request.url).pathname, basePath)) return notFoundAnswer(auth);
      return auth.handler(request, { clientAddress: clientAddress(addressOf, request) });
    },
  };
}

/**
 * The handlers for origin-root documents outside `basePath`, such as the OAuth provider's well-known
 * metadata. In `src/routes/[.]well-known/$.ts` (the brackets keep the dot from meaning a nested route):
 * `export const Route = createFileRoute("/.well-known/$")({ server: { handlers: toTanStackStartWellKnown(auth, oauthWellKnown(auth)) } });`
 * A GET or HEAD of a path `documents` knows is answered (see toFetchWellKnown); anything else gets
 * Gatehouse's 404 (JSON, in the error shape of every other answer); a malformed Host is a 400 as on the
 * auth routes. A more specific route file (`src/routes/[.]well-known/security[.]txt.ts`) still wins.
 */
export function toTanStackStartWellKnown(
  auth: Pick<Auth, "options">,
  documents: WellKnownDocuments,
): TanStackStartHandlers {
  const wellKnown = toFetchWellKnown(auth, documents);
  return {
    ANY: async ({ request }) => {
      const badHost = refuseBadHost(request.headers.get("host"), auth);
      if (badHost) return badHost;
      return (await wellKnown(request)) ?? notFoundAnswer(auth);
    },
  };
}

/**
 * The signed-in session and user, or null: in a server function or a route's server-side code,
 * `getSession(auth, getRequest())` (`getRequest` from `@tanstack/react-start/server`); in a server
 * route handler, `getSession(auth, ctx)` or `getSession(auth, ctx.request)`. It only reads; see
 * getSessionFromHeaders.
 */
export function getSession<S = SessionWithUser>(
  auth: SessionReader<S>,
  requestOrContext: { headers: AnyHeaders } | { request: { headers: AnyHeaders } },
): Promise<S | null> {
  const headers = "request" in requestOrContext ? requestOrContext.request.headers : requestOrContext.headers;
  return getSessionFromHeaders(auth, headers);
}

/** srvx's `request.ip` (the socket's address), when the adapter put one there. */
function adapterAddress(request: Request): string | undefined {
  const ip = (request as Request & { ip?: unknown }).ip;
  return typeof ip === "string" ? ip : undefined;
}

/** A throwing or empty address means none: rate limits then need a proxy header (advanced.ipAddressHeaders). */
function clientAddress(addressOf: (request: Request) => string | undefined, request: Request): string | undefined {
  try {
    return addressOf(request) || undefined;
  } catch {
    return undefined;
  }
}

export type { AnyHeaders, SessionReader, WellKnownDocuments };
