import type { CatalogueError } from "../errors/auth-error.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { contentSecurityPolicy, htmlSecurityHeaders } from "../security/content-security-policy.js";
import { type RedirectTrust, resolveRedirectUrl } from "../security/resolve-redirect-url.js";

/** A non-JSON or non-200 endpoint result: redirect, HTML page, or JSON with a custom status. */
export class EndpointResponse {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** How redirectTo builds its answer. */
export interface RedirectOptions {
  /** Query parameters added to the target's parsed URL (replacing same-named ones), never concatenated. */
  params?: Readonly<Record<string, string>>;
  status?: 301 | 302 | 303 | 307 | 308;
  /** The refusal when the target is not trusted (default 403 Invalid callbackURL). */
  error?: CatalogueError;
}

/**
 * A redirect to `target`. The target goes through resolveRedirectUrl — the same check every
 * callbackURL input passes — and only its canonical serialization is written to `Location`; an
 * untrusted target is refused with `error`, never followed.
 */
export function redirectTo(
  ctx: { auth: RedirectTrust },
  target: string,
  { params, status = 302, error = CORE_ERRORS.INVALID_CALLBACK_URL }: RedirectOptions = {},
): EndpointResponse {
  const location = resolveRedirectUrl(target, ctx.auth, params);
  if (location === null) throw new AuthError(error);
  return new EndpointResponse(status, null, { location });
}

/** How htmlResponse builds its answer. */
export interface HtmlOptions {
  status?: number;
  /** The page's Content-Security-Policy; default allows nothing at all (no script, style or image). */
  contentSecurityPolicy?: string;
}

/** An HTML page, with its CSP, frame refusal, nosniff and no-referrer headers. */
export function htmlResponse(
  html: string,
  { status = 200, contentSecurityPolicy: csp }: HtmlOptions = {},
): EndpointResponse {
  return new EndpointResponse(status, html, {
    "content-type": "text/html; charset=utf-8",
    ...htmlSecurityHeaders(csp ?? contentSecurityPolicy()),
  });
}
