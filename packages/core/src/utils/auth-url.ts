import type { EndpointContext, SessionRequirement } from "../api/define-endpoint.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";

type Ctx = Pick<EndpointContext<unknown, unknown, SessionRequirement>, "auth" | "headers">;

// RFC 9110 host = uri-host [ ":" port ], as the node handler also requires.
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const LOOPBACK = /^(?:localhost|[a-z0-9-]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])(?::\d{1,5})?$/i;

/**
 * The origin emailed links are built on when no `baseURL` is configured. The Host header is the
 * client's to choose, so it only counts when it names a trusted origin (or loopback, for local
 * development): otherwise `Host: attacker.example` on a password-reset request would mail the victim
 * a link that hands the token to the attacker. Forwarded headers are never read.
 */
function linkOrigin(ctx: Ctx): string {
  const host = ctx.headers.get("host")?.toLowerCase();
  // In-process `auth.api` calls without headers: nothing a client chose.
  if (!host) return "http://localhost";
  if (HOST.test(host)) {
    for (const scheme of ["https", "http"]) {
      const origin = `${scheme}://${host}`;
      if (URL.canParse(origin) && ctx.auth.isTrustedOrigin(new URL(origin).origin)) return new URL(origin).origin;
    }
    if (LOOPBACK.test(host)) return `http://${host}`;
  }
  ctx.auth.options.logger.warn(
    `Gatehouse: refused to build a link on untrusted Host ${JSON.stringify(host.slice(0, 100))}; set baseURL (or list the origin in trustedOrigins).`,
  );
  throw new AuthError(CORE_ERRORS.BAD_REQUEST, { message: "Untrusted Host header" });
}

/**
 * An absolute link to one of our own routes, for emails and provider redirect URIs. Uses `baseURL`;
 * without one, the request's Host when it names a trusted origin (see linkOrigin).
 */
export function authUrl(ctx: Ctx, path: string, query: Record<string, string | undefined> = {}): string {
  const { baseURL, basePath } = ctx.auth.options;
  const origin = baseURL ? new URL(baseURL).origin : linkOrigin(ctx);
  const prefix = baseURL ? new URL(baseURL).pathname.replace(/\/$/, "") : "";
  const url = new URL(`${origin}${prefix}${basePath}${path}`);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * Where to send the browser for one of our own routes: absolute on `baseURL` when there is one, else
 * path-absolute, which the browser resolves against the origin it reached us on — no need to trust Host.
 */
export function authLocation(ctx: Ctx, path: string, query: Record<string, string | undefined> = {}): string {
  if (ctx.auth.options.baseURL) return authUrl(ctx, path, query);
  const url = new URL(`${ctx.auth.options.basePath}${path}`, "http://relative.invalid");
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}`;
}
