import type { EndpointContext, SessionRequirement } from "../api/define-endpoint.js";
import type { User } from "../schema/model-types.js";
import { setSessionCacheCookie } from "./session-cache.js";
import { isDontRemember } from "./session-cookies.js";

type Ctx = EndpointContext<unknown, unknown, SessionRequirement>;

/**
 * After a plugin changed the caller's own user row (a phone number attached), puts the new row into
 * `ctx.session` and rewrites the session-data cookie cache when it is on, so the next get-session shows
 * the change instead of the cached copy (what core's update-user does). Returns the public user; a
 * request without a session is left alone.
 */
export function refreshSessionUser(ctx: Ctx, user: User): User {
  const publicUser = ctx.auth.sessions.publicUser(user);
  const current = ctx.session;
  if (!current || current.user.id !== publicUser.id) return publicUser;
  ctx.session = { session: current.session, user: publicUser };
  if (ctx.auth.options.session.cookieCache.enabled) setSessionCacheCookie(ctx, ctx.session, !isDontRemember(ctx));
  return publicUser;
}
