import type { EndpointContext, SessionRequirement } from "../api/define-endpoint.js";
import type { Session } from "../schema/model-types.js";
import { setSessionCacheCookie } from "./session-cache.js";
import { isDontRemember } from "./session-cookies.js";

type Ctx = EndpointContext<unknown, unknown, SessionRequirement>;

/**
 * Writes plugin fields of the caller's own session row (e.g. `activeOrganizationId`) and keeps
 * `ctx.session` and the session-data cookie cache in step, so the next get-session sees the change.
 * Returns the updated session, or null when the request has no session or its row is gone.
 */
export async function updateCurrentSession(ctx: Ctx, fields: Record<string, unknown>): Promise<Session | null> {
  const current = ctx.session;
  if (!current) return null;
  const row = await ctx.auth.db.update({
    model: "session",
    where: [{ field: "id", value: current.session.id }],
    update: fields,
  });
  if (!row) return null;
  const session = ctx.auth.sessions.publicSession(row, current.session.token);
  ctx.session = { session, user: current.user };
  if (ctx.auth.options.session.cookieCache.enabled) setSessionCacheCookie(ctx, ctx.session, !isDontRemember(ctx));
  return session;
}
