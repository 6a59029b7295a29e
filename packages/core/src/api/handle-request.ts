import { isDatabaseUnavailableError } from "../adapter/adapter-errors.js";
import type { AuthContext } from "../context/auth-context.js";
import { AuthError, isAuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import type { RateLimitedListener, RateLimitedRequest } from "../plugins/plugin-types.js";
import { getClientIp, normalizeIp } from "../utils/client-ip.js";
import type { AuthRequest, AuthResponse } from "./auth-request.js";
import type { Router } from "./create-router.js";
import { checkOrigin } from "./check-origin.js";
import { createCors } from "./create-cors.js";
import { EndpointResponse } from "./endpoint-response.js";
import { decodeBody, queryToObject } from "./parse-input.js";
import { runEndpoint } from "./run-endpoint.js";
import { serializeJson } from "./serialize-json.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Liveness and readiness: served even before the start-up checks could reach the database. */
const PROBE_PATHS = new Set(["/ok", "/ready"]);

/** The transport-neutral request pipeline: route → rate limit → origin check → endpoint → response. */
export function createRequestHandler(
  auth: AuthContext,
  router: Router,
  ready: () => Promise<void>,
  rateLimited: readonly RateLimitedListener[] = [],
) {
  const { options } = auth;
  const rateLimitOn = options.rateLimit.enabled;
  let warnedNoAddress = false;
  // null unless cors.enabled: then a request pays nothing for it.
  const cors = createCors(options, (origin) => auth.isTrustedOrigin(origin));
  const routes = (method: string, path: string) =>
    router.match(method === "HEAD" ? "GET" : method, path).kind === "found";
  const respond = async (req: AuthRequest): Promise<AuthResponse> => {
    try {
      try {
        await ready();
      } catch (error) {
        // The probes answer through an outage at start-up: /ok never needs the database (liveness),
        // and /ready reports it down itself. Every other route answers the outage's 503.
        if (!isDatabaseUnavailableError(error) || !PROBE_PATHS.has(req.path)) throw error;
      }
      if (cors && req.method === "OPTIONS") {
        const preflight = cors.preflight(req, (method) => routes(method, req.path));
        if (preflight) return preflight;
      }
      const method = req.method === "HEAD" ? "GET" : req.method;
      const match = router.match(method, req.path);
      if (match.kind === "none") throw new AuthError(CORE_ERRORS.NOT_FOUND);
      if (match.kind === "wrong-method") {
        throw new AuthError(CORE_ERRORS.METHOD_NOT_ALLOWED, { headers: { allow: match.allowed.join(", ") } });
      }
      const peer = getClientIp(req.headers, req.socketAddress, options.advanced.ipAddressHeaders);
      // Sessions record the address as seen; the limiter keys on its canonical form (IPv6 by /64).
      const rateKey = normalizeIp(peer);
      const clientIp = rateKey ? peer : null;
      if (rateLimitOn && !rateKey && !warnedNoAddress) {
        // Silently not limiting would be worse than the noise: say once how to fix it.
        warnedNoAddress = true;
        options.logger.warn(
          "Gatehouse: rate limiting is on but a request carried no client address. Pass { clientAddress } to auth.handler or name a trusted proxy header in advanced.ipAddressHeaders.",
        );
      }
      if (rateLimitOn) {
        const verdict = await auth.rateLimiter.check(match.prepared.endpoint.config.path, rateKey);
        if (verdict.limited) {
          if (rateLimited.length > 0)
            notifyRateLimited(auth, rateLimited, {
              endpoint: match.prepared.endpoint,
              clientIp,
              headers: req.headers,
              retryAfter: verdict.retryAfter,
            });
          throw new AuthError(CORE_ERRORS.TOO_MANY_REQUESTS, {
            headers: { "retry-after": String(verdict.retryAfter) },
          });
        }
      }
      const { config } = match.prepared.endpoint;
      if (!SAFE_METHODS.has(method) && !config.skipOriginCheck) checkOrigin(req, auth);
      const body =
        method === "GET"
          ? undefined
          : decodeBody(
              await req.readBody(options.advanced.maxBodySize),
              req.headers.get("content-type"),
              config.acceptsForm,
            );
      const { result, ctx } = await runEndpoint(auth, match.prepared, {
        request: req,
        headers: req.headers,
        body,
        query: queryToObject(req.query),
        params: match.params,
        clientIp,
      });
      const response = toAuthResponse(result, ctx.responseHeaders, ctx.cookies);
      if (req.method === "HEAD") response.body = null;
      return response;
    } catch (error) {
      return errorResponse(error, auth);
    }
  };
  if (!cors) return respond;
  return async function handle(req: AuthRequest): Promise<AuthResponse> {
    const response = await respond(req);
    cors.decorate(req, response);
    return response;
  };
}

/** Tells every listener without awaiting it: a throw or rejection is logged and never reaches the 429. */
function notifyRateLimited(
  auth: AuthContext,
  listeners: readonly RateLimitedListener[],
  request: RateLimitedRequest,
): void {
  const log = (error: unknown) => auth.options.logger.error("Gatehouse: an onRateLimited listener failed", error);
  for (const listener of listeners) {
    try {
      const pending = listener(request);
      if (pending) auth.background.track(pending.catch(log));
    } catch (error) {
      log(error);
    }
  }
}

/** Turns an endpoint's return value into a response. */
export function toAuthResponse(result: unknown, headers: Record<string, string>, cookies: string[]): AuthResponse {
  const response: AuthResponse =
    result instanceof EndpointResponse
      ? {
          status: result.status,
          headers:
            typeof result.body === "string" || result.body === null
              ? { ...{}, ...headers, ...result.headers }
              : jsonHeaders(headers, result.headers),
          cookies,
          body:
            result.body === null ? null : typeof result.body === "string" ? result.body : serializeJson(result.body),
        }
      : { status: 200, headers: jsonHeaders(headers), cookies, body: serializeJson(result ?? null) };
  // A response that sets a cookie (a session above all) or sends the browser on (its Location can carry
  // a reset token) is never stored by a cache, whatever the endpoint said, redirects included.
  if (cookies.length > 0 || hasHeader(response.headers, "location")) {
    for (const name of Object.keys(response.headers))
      if (name.toLowerCase() === "cache-control") delete response.headers[name];
    response.headers["cache-control"] = "no-store";
  }
  return response;
}

// Response headers are built from an object literal, never as `{ ...CONSTANT_HEADERS, ...more }` (the
// case without JSON headers starts from an empty one, `{ ...{}, ... }`): on Node 20's V8 a spread copy
// of a non-empty object gets a map outside any transition tree, so every property added after it makes
// a new map, per response. Maps live in the old generation until a full collection, and what hangs off
// them (descriptor arrays, for-in key caches) outlived every scavenge: with the jwt plugin's headers,
// half of what each get-session promoted into the old generation (issue 19, docs/performance.md).

/** `{ "content-type": "application/json", "cache-control": "no-store", ...a, ...b }`. */
function jsonHeaders(
  a?: Readonly<Record<string, string>>,
  b?: Readonly<Record<string, string>>,
): Record<string, string> {
  return { "content-type": "application/json", "cache-control": "no-store", ...a, ...b };
}

/** Whether `headers` holds `lowerName` in any letter case; no array is built (this runs per response). */
function hasHeader(headers: Record<string, string>, lowerName: string): boolean {
  for (const name in headers) if (name.length === lowerName.length && name.toLowerCase() === lowerName) return true;
  return false;
}

/**
 * Seconds a client should wait before retrying while the database is unreachable: long enough not to
 * hammer a server that is restarting or failing over (typically seconds), short enough that users
 * barely notice once it is back.
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * AuthErrors keep their status; an unreachable database is 503 DATABASE_UNAVAILABLE (the adapter
 * already logged the outage, once); anything else is logged and answered 500 without internals.
 */
export function errorResponse(error: unknown, auth: Pick<AuthContext, "options">): AuthResponse {
  if (isDatabaseUnavailableError(error)) {
    const unavailable = new AuthError(CORE_ERRORS.DATABASE_UNAVAILABLE);
    return {
      status: unavailable.status,
      headers: jsonHeaders({ "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) }),
      cookies: [],
      body: JSON.stringify(unavailable.toJSON()),
    };
  }
  if (isAuthError(error)) {
    return {
      status: error.status,
      headers: jsonHeaders(error.headers),
      cookies: error.cookies ? [...error.cookies] : [],
      body: JSON.stringify(error.toJSON()),
    };
  }
  auth.options.logger.error("Gatehouse: unhandled error", error);
  const fallback = new AuthError(CORE_ERRORS.INTERNAL_SERVER_ERROR);
  return { status: 500, headers: jsonHeaders(), cookies: [], body: JSON.stringify(fallback.toJSON()) };
}
