import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import type { ResolvedOptions } from "../options/resolve-options.js";
import type { AuthRequest, AuthResponse } from "./auth-request.js";

/** CORS for the trusted origins, built once; `null` when `cors.enabled` is off (no per-request cost). */
export interface Cors {
  /**
   * The answer to a preflight (`OPTIONS` with `Access-Control-Request-Method`), or null for any other
   * request; throws 403 INVALID_ORIGIN for an untrusted Origin, 405 for a method the path does not take.
   */
  preflight(req: AuthRequest, allowsMethod: (method: string) => boolean): AuthResponse | null;
  /** Adds `Vary: Origin` and, for a trusted Origin, the CORS headers to an actual response. */
  decorate(req: AuthRequest, response: AuthResponse): void;
}

const PREFLIGHT_HEADERS = { "cache-control": "no-store" } as const;

/**
 * Fetch-standard CORS with credentials, for trusted origins only. With credentials the allowed origin
 * can never be `*`: it is the request's own Origin, echoed only after `isTrustedOrigin` said yes
 * (`null` never is), and `Vary: Origin` keeps a shared cache from handing one origin's answer to
 * another. An untrusted Origin gets no CORS headers at all, and its preflight a 403, so the browser
 * stops before sending the request.
 */
export function createCors(options: ResolvedOptions, isTrustedOrigin: (origin: string) => boolean): Cors | null {
  if (!options.cors.enabled) return null;
  // With credentials, a pattern whose host is only `*` would let every site read signed-in users' data.
  const everyHost = options.trustedOrigins.find((o) => /^https?:\/\/\*(?::\d+)?\/?$/i.test(o));
  if (everyHost)
    throw new Error(
      `Gatehouse: cors.enabled with trusted origin "${everyHost}" would let any site read your users' data with their cookies; list your frontends' origins instead.`,
    );
  const allowed = new Set(options.cors.allowHeaders);
  const expose = options.cors.exposeHeaders.join(", ");
  const maxAge = String(options.cors.maxAge);
  const trusted = (origin: string | null): origin is string =>
    origin !== null && origin !== "null" && isTrustedOrigin(origin);

  return {
    preflight(req, allowsMethod) {
      const requested = req.headers.get("access-control-request-method");
      if (req.method !== "OPTIONS" || requested === null) return null;
      const origin = req.headers.get("origin");
      if (!trusted(origin)) throw new AuthError(CORE_ERRORS.INVALID_ORIGIN);
      if (!allowsMethod(requested.toUpperCase())) throw new AuthError(CORE_ERRORS.METHOD_NOT_ALLOWED);
      // Only the requested headers on the allow list are echoed; the browser refuses the rest.
      const headers = (req.headers.get("access-control-request-headers") ?? "")
        .split(",")
        .map((h) => h.trim().toLowerCase())
        .filter((h) => allowed.has(h));
      return {
        status: 204,
        headers: {
          "access-control-allow-origin": origin,
          "access-control-allow-credentials": "true",
          "access-control-allow-methods": requested.toUpperCase(),
          ...(headers.length > 0 ? { "access-control-allow-headers": headers.join(", ") } : {}),
          "access-control-max-age": maxAge,
          vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
          ...PREFLIGHT_HEADERS,
        },
        cookies: [],
        body: null,
      };
    },
    decorate(req, response) {
      const h = response.headers;
      h.vary = h.vary ? `${h.vary}, Origin` : "Origin";
      const origin = req.headers.get("origin");
      if (!trusted(origin)) return;
      h["access-control-allow-origin"] = origin;
      h["access-control-allow-credentials"] = "true";
      // Merged, not replaced: a plugin (bearer) may already expose a header of its own on this answer.
      const already = h["access-control-expose-headers"];
      if (expose) h["access-control-expose-headers"] = already ? `${already}, ${expose}` : expose;
    },
  };
}
