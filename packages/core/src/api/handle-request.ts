import type { AuthContext } from "../context/auth-context.js";
import { AuthError, isAuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { getClientIp, normalizeIp } from "../utils/client-ip.js";
import type { AuthRequest, AuthResponse } from "./auth-request.js";
import type { Router } from "./create-router.js";
import { EndpointResponse } from "./endpoint-response.js";
import { decodeBody, queryToObject } from "./parse-input.js";
import { runEndpoint } from "./run-endpoint.js";
import { serializeJson } from "./serialize-json.js";

const JSON_HEADERS = { "content-type": "application/json", "cache-control": "no-store" } as const;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The transport-neutral request pipeline: route → rate limit → origin check → endpoint → response. */
export function createRequestHandler(auth: AuthContext, router: Router, ready: () => Promise<void>) {
  const { options } = auth;
  const rateLimitOn = options.rateLimit.enabled;
  let warnedNoAddress = false;
  return async function handle(req: AuthRequest): Promise<AuthResponse> {
    try {
      await ready();
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
          throw new AuthError(CORE_ERRORS.TOO_MANY_REQUESTS, {
            headers: { "retry-after": String(verdict.retryAfter) },
          });
        }
      }
      if (!SAFE_METHODS.has(method) && !match.prepared.endpoint.config.skipOriginCheck) checkOrigin(req, auth);
      const body =
        method === "GET"
          ? undefined
          : decodeBody(await req.readBody(options.advanced.maxBodySize), req.headers.get("content-type"));
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
}

/** A cookie-carrying write must come from a trusted origin (SPEC.md §5); browsers always send Origin on POST. */
function checkOrigin(req: AuthRequest, auth: AuthContext): void {
  if (auth.options.advanced.disableOriginCheck || !req.headers.get("cookie")) return;
  let origin = req.headers.get("origin");
  if (!origin || origin === "null") {
    const referer = req.headers.get("referer");
    origin = referer && URL.canParse(referer) ? new URL(referer).origin : null;
  }
  if (!origin) {
    if (req.headers.get("sec-fetch-site") === "same-origin") return;
    throw new AuthError(CORE_ERRORS.MISSING_ORIGIN);
  }
  if (!auth.isTrustedOrigin(origin)) throw new AuthError(CORE_ERRORS.INVALID_ORIGIN);
}

/** Turns an endpoint's return value into a response. */
export function toAuthResponse(result: unknown, headers: Record<string, string>, cookies: string[]): AuthResponse {
  if (result instanceof EndpointResponse) {
    const body =
      result.body === null ? null : typeof result.body === "string" ? result.body : serializeJson(result.body);
    const base = typeof result.body === "string" || result.body === null ? {} : JSON_HEADERS;
    return { status: result.status, headers: { ...base, ...headers, ...result.headers }, cookies, body };
  }
  return { status: 200, headers: { ...JSON_HEADERS, ...headers }, cookies, body: serializeJson(result ?? null) };
}

/** AuthErrors keep their status; anything else is logged and answered 500 without internals. */
export function errorResponse(error: unknown, auth: Pick<AuthContext, "options">): AuthResponse {
  if (isAuthError(error)) {
    return {
      status: error.status,
      headers: { ...JSON_HEADERS, ...error.headers },
      cookies: [],
      body: JSON.stringify(error.toJSON()),
    };
  }
  auth.options.logger.error("Gatehouse: unhandled error", error);
  const fallback = new AuthError(CORE_ERRORS.INTERNAL_SERVER_ERROR);
  return { status: 500, headers: { ...JSON_HEADERS }, cookies: [], body: JSON.stringify(fallback.toJSON()) };
}
