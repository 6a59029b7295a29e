import type { Auth } from "../create-auth.js";
import type { SessionWithUser } from "../schema/model-types.js";
import { isBelowBasePath, refuseBadHost } from "./fetch-integration.js";
import { type AnyHeaders, type SessionReader, getSessionFromHeaders } from "./get-session-from-headers.js";
import { type WellKnownDocuments, toFetchWellKnown } from "./to-fetch-well-known.js";

// Structural slices of SvelteKit's types: core must not depend on @sveltejs/kit, and a real
// RequestEvent / Handle satisfies each of them (the example app in examples/sveltekit type-checks it).

/** The part of SvelteKit's `RequestEvent` the helpers read. */
export interface SvelteKitEventLike {
  request: Request;
  url: URL;
  /** The peer address, set by the adapter (adapter-node: the socket, or `ADDRESS_HEADER`). */
  getClientAddress(): string;
}

/** SvelteKit's `Handle` hook, over the event slice above. */
export type SvelteKitHandle = <E extends SvelteKitEventLike>(input: {
  event: E;
  resolve: (event: E) => Response | Promise<Response>;
}) => Promise<Response>;

/**
 * A `handle` hook for `src/hooks.server.ts`: `export const handle = toSvelteKitHandler(auth);`
 * (or one step of `sequence(…)`). Requests under `basePath` are answered by `auth.handler` with the
 * Fetch `Request` SvelteKit hands over, so the same origin check, CORS, body rules and rate limits apply
 * as everywhere else, and a malformed Host is a 400 as in toNodeHandler; every other request goes on to `resolve` untouched.
 */
export function toSvelteKitHandler(auth: Pick<Auth, "handler" | "options">): SvelteKitHandle {
  const { basePath } = auth.options;
  return async ({ event, resolve }) => {
    if (!isBelowBasePath(event.url.pathname, basePath)) return resolve(event);
    const badHost = refuseBadHost(event.request.headers.get("host"), auth);
    if (badHost) return badHost;
    return auth.handler(event.request, { clientAddress: clientAddress(event) });
  };
}

/**
 * The signed-in session and user, or null, in a `load` function, a form action, a `+server.ts`
 * route or a hook: `const session = await getSession(auth, event);`. It only reads; see
 * getSessionFromHeaders.
 */
export function getSession<S = SessionWithUser>(
  auth: SessionReader<S>,
  event: { request: { headers: Headers } },
): Promise<S | null> {
  return getSessionFromHeaders(auth, event.request.headers);
}

/** Some adapters (and prerendering) have no address and throw; rate limits then need a proxy header. */
function clientAddress(event: SvelteKitEventLike): string | undefined {
  try {
    return event.getClientAddress() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A `handle` hook serving the origin-root well-known documents (the OAuth provider's metadata):
 * `export const handle = sequence(toSvelteKitHandler(auth), toSvelteKitWellKnown(auth, oauthWellKnown(auth)));`
 * A GET or HEAD of a document `documents` knows is answered (see toFetchWellKnown: a malformed Host is
 * a 400); every other request goes on to `resolve`, so the app's own `/.well-known/` routes still work.
 */
export function toSvelteKitWellKnown(auth: Pick<Auth, "options">, documents: WellKnownDocuments): SvelteKitHandle {
  const wellKnown = toFetchWellKnown(auth, documents);
  return async ({ event, resolve }) => (await wellKnown(event.request)) ?? resolve(event);
}

export type { AnyHeaders, SessionReader, WellKnownDocuments };
