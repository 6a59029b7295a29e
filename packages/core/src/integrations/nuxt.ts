import { type EventHandler, type H3Event, defineEventHandler, getRequestHeader, getRequestIP, toWebRequest } from "h3";
import type { Auth } from "../create-auth.js";
import type { SessionWithUser } from "../schema/model-types.js";
import { isBelowBasePath, notFoundAnswer, refuseBadHost } from "./fetch-integration.js";
import { type AnyHeaders, type SessionReader, getSessionFromHeaders } from "./get-session-from-headers.js";
import { type WellKnownDocuments, toFetchWellKnown } from "./to-fetch-well-known.js";

/**
 * The Nuxt (Nitro, h3 1.x) server route for the auth routes. In `server/api/auth/[...all].ts`:
 * `export default toNuxtHandler(auth);` The event becomes a Fetch `Request` with h3's own
 * `toWebRequest` and goes to `auth.handler`, so the same origin check, CORS, body rules and rate limits
 * apply as everywhere else; the `Response` is handed back to h3, which sends it (every `Set-Cookie` its
 * own line). A malformed Host is a 400 as in toNodeHandler, and a path outside `basePath` (the route
 * file in the wrong folder) a 404. The rate limiter gets the socket's address (`getRequestIP` without
 * trusting `x-forwarded-for`); behind a proxy, name its header in `advanced.ipAddressHeaders`.
 */
export function toNuxtHandler(auth: Pick<Auth, "handler" | "options">): EventHandler<{}, Promise<Response>> {
  const { basePath } = auth.options;
  return defineEventHandler(async (event) => {
    const badHost = refuseBadHost(getRequestHeader(event, "host"), auth);
    if (badHost) return badHost;
    const request = toWebRequest(event);
    // Nitro mounts the file where it is; a route outside basePath still answers Gatehouse's 404.
    if (!isBelowBasePath(new URL(request.url).pathname, basePath)) return notFoundAnswer(auth);
    return auth.handler(request, { clientAddress: getRequestIP(event) });
  });
}

/**
 * The server route for the origin-root well-known documents (the OAuth provider's metadata). In
 * `server/routes/.well-known/[...].ts`: `export default toNuxtWellKnown(auth, oauthWellKnown(auth));`
 * A GET or HEAD of a document `documents` knows is answered (see toFetchWellKnown); a malformed Host is
 * a 400 as on the auth routes, and anything else Gatehouse's 404 (Nitro prefers a more specific route
 * file, so an app's own `server/routes/.well-known/security.txt.ts` still answers its path).
 */
export function toNuxtWellKnown(
  auth: Pick<Auth, "options">,
  documents: WellKnownDocuments,
): EventHandler<{}, Promise<Response>> {
  const wellKnown = toFetchWellKnown(auth, documents);
  return defineEventHandler(async (event) => {
    // Checked before toWebRequest, which builds the URL from the Host.
    const badHost = refuseBadHost(getRequestHeader(event, "host"), auth);
    if (badHost) return badHost;
    return (await wellKnown(toWebRequest(event))) ?? notFoundAnswer(auth);
  });
}

/**
 * The signed-in session and user, or null, in a server route, server middleware or a Nitro plugin:
 * `const session = await getSession(auth, event);`. Pages read it through a server route (`useFetch`
 * forwards the browser's cookie during SSR). It only reads; see getSessionFromHeaders.
 */
export function getSession<S = SessionWithUser>(
  auth: SessionReader<S>,
  event: Pick<H3Event, "headers">,
): Promise<S | null> {
  return getSessionFromHeaders(auth, event.headers);
}

export type { AnyHeaders, SessionReader, WellKnownDocuments };
