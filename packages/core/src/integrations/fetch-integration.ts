import { toFetchResponse } from "../api/fetch-transport.js";
import { errorResponse } from "../api/handle-request.js";
import { isValidHostHeader } from "../api/node-request-parts.js";
import type { Auth } from "../create-auth.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";

// What the SvelteKit and Nuxt integrations share on top of auth.handler: the Host rule toNodeHandler and
// the Fastify plugin apply (a malformed Host is refused before it can reach a mailed link or a redirect)
// and the strict basePath match of the Fastify plugin. Everything else (origin check, CORS, body rules,
// rate limits, cookies) is auth.handler's own pipeline.

/** The path is basePath itself or below it (`/api/authx` is not). */
export function isBelowBasePath(pathname: string, basePath: string): boolean {
  return pathname.startsWith(basePath) && (pathname.length === basePath.length || pathname[basePath.length] === "/");
}

/** 400 for a malformed Host header, in the error shape of every other answer; null when it is fine. */
export function refuseBadHost(host: string | null | undefined, auth: Pick<Auth, "options">): Response | null {
  if (isValidHostHeader(host ?? undefined)) return null;
  return errorAnswer(new AuthError(CORE_ERRORS.BAD_REQUEST, { message: "Invalid Host header" }), auth);
}

/** Gatehouse's 404 for a path outside basePath. */
export function notFoundAnswer(auth: Pick<Auth, "options">): Response {
  return errorAnswer(new AuthError(CORE_ERRORS.NOT_FOUND), auth);
}

function errorAnswer(error: AuthError, auth: Pick<Auth, "options">): Response {
  return toFetchResponse(errorResponse(error, auth), (message) => auth.options.logger.warn(message));
}
