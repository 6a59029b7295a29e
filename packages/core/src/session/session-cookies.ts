import type { EndpointContext, SessionRequirement } from "../api/define-endpoint.js";
import { signCookieValue } from "../crypto/index.js";
import type { SessionWithUser } from "../schema/model-types.js";
import { setSessionCacheCookie } from "./session-cache.js";

type Ctx = EndpointContext<unknown, unknown, SessionRequirement>;

/**
 * Sets the signed session cookie. Without remember-me the cookie has no Max-Age (it dies with the
 * browser) and a dont_remember marker keeps later refreshes from making it persistent.
 */
export function setSessionCookie(ctx: Ctx, data: SessionWithUser, rememberMe = true): void {
  const { cookies, secret } = ctx.auth;
  // Rounded, not floored: a fresh 7-day session says 604800 even when a few ms passed since it was made.
  const maxAge = rememberMe ? Math.round((data.session.expiresAt.getTime() - ctx.auth.now()) / 1000) : undefined;
  ctx.setCookie(cookies.sessionToken, signCookieValue(secret, data.session.token), { ...cookies.attributes, maxAge });
  if (!rememberMe) {
    ctx.setCookie(cookies.dontRemember, signCookieValue(secret, "true"), { ...cookies.attributes });
  } else if (ctx.getCookie(cookies.dontRemember)) {
    ctx.setCookie(cookies.dontRemember, "", { ...cookies.attributes, maxAge: 0 });
  }
  if (ctx.auth.options.session.cookieCache.enabled) setSessionCacheCookie(ctx, data, rememberMe);
  ctx.newSession = data;
}

/** Expires every session cookie (sign-out, revoked or invalid session). */
export function clearSessionCookies(ctx: Ctx): void {
  const { cookies } = ctx.auth;
  for (const name of [cookies.sessionToken, cookies.sessionData, cookies.dontRemember]) {
    ctx.setCookie(name, "", { ...cookies.attributes, maxAge: 0 });
  }
}

/** Whether the current request's session was created without remember-me. */
export function isDontRemember(ctx: Ctx): boolean {
  return Boolean(ctx.getCookie(ctx.auth.cookies.dontRemember));
}
