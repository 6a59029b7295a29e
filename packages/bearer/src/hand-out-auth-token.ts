import { type HookContext, signCookieValue } from "@gatehouse-auth/core";
import { AUTH_TOKEN_HEADER } from "./auth-token-header.js";
import { exposeHeader } from "./expose-header.js";

/**
 * After hook on every endpoint: a response that sets the session cookie (sign-up, every sign-in,
 * verification that signs in, a refresh) also hands out the cookie's value, `<token>.<signature>`, in
 * `set-auth-token`, for clients that cannot keep cookies (mobile apps, other services).
 */
export function handOutAuthToken(ctx: HookContext): undefined {
  const created = ctx.newSession;
  if (!created?.session.token) return undefined;
  ctx.responseHeaders[AUTH_TOKEN_HEADER] = signCookieValue(ctx.auth.secret, created.session.token);
  exposeHeader(ctx, AUTH_TOKEN_HEADER);
  return undefined;
}
