import { signCookieValue, unsignCookieValue } from "@gatehouse-auth/core";
import type { HookContext } from "@gatehouse-auth/core";

/** Holds the admin's own session token, signed, while they impersonate someone. */
const NAME = "admin_session";

/** Keeps the admin's session token for stop-impersonating; it lives as long as the impersonation. */
export function setAdminSessionCookie(ctx: HookContext, adminToken: string, maxAge: number): void {
  const { cookies, secret } = ctx.auth;
  ctx.setCookie(cookies.named(NAME), signCookieValue(secret, adminToken), { ...cookies.attributes, maxAge });
}

/** The admin's session token, or null when the cookie is absent or its signature does not match. */
export function readAdminSessionCookie(ctx: HookContext): string | null {
  const raw = ctx.getCookie(ctx.auth.cookies.named(NAME));
  if (!raw) return null;
  try {
    // Like the session cookie: clients may percent-encode the base64 signature.
    return unsignCookieValue(ctx.auth.secret, decodeURIComponent(raw));
  } catch {
    return null;
  }
}

/** Expires the cookie. */
export function clearAdminSessionCookie(ctx: HookContext): void {
  ctx.setCookie(ctx.auth.cookies.named(NAME), "", { ...ctx.auth.cookies.attributes, maxAge: 0 });
}
