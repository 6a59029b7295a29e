import type { HookContext, HookRule } from "@gatehouse-auth/core";
import { asRecord, str } from "./safe-details.js";
import type { PreCapture } from "./event-types.js";
import { captureSso, isSsoCaptured } from "./sso-events.js";

/**
 * The tag of endpoints that delete any user's API key by `body.id` (the dashboard's delete-api-key, whose
 * path is configurable): recorded as `api_key.deleted`, the key's owner looked up before it is gone.
 */
export const DELETES_API_KEY_TAG = "deletes-api-key";

/** The api-key plugin's model (API_KEY_MODEL in @gatehouse-auth/api-key). */
const API_KEY_MODEL = "apikey";

/** Whether an endpoint carries `DELETES_API_KEY_TAG`. */
export const deletesApiKey = (ctx: HookContext) => (ctx.endpoint.config.tags ?? []).includes(DELETES_API_KEY_TAG);

/** Paths whose events need a look before the endpoint runs. */
const CAPTURED = new Set([
  "/sign-out",
  "/admin/revoke-user-session",
  "/reset-password",
  "/verify-email",
  "/callback/:id",
  "/two-factor/verify-totp",
  "/two-factor/enable",
  // Deleting an organization's key: its organization, read before the row is gone.
  "/api-key/delete",
]);

/**
 * A before hook that reads, for the few endpoints that spend what identifies the user (a reset token, a
 * verification link, the session being ended), whose account it is. It never refuses a request: a failure
 * here only makes the event less precise.
 */
export function preCaptureHook(store: WeakMap<HookContext, PreCapture>): HookRule {
  return {
    matcher: (ctx) =>
      CAPTURED.has(ctx.endpoint.config.path) || isSsoCaptured(ctx.endpoint.config.path) || deletesApiKey(ctx),
    async run(ctx) {
      try {
        const pre = await capture(ctx);
        if (pre) store.set(ctx, pre);
      } catch {
        // Best effort by design: the request must not depend on the audit log.
      }
    },
  };
}

async function capture(ctx: HookContext): Promise<PreCapture | null> {
  const path = ctx.endpoint.config.path;
  if (isSsoCaptured(path)) return captureSso(ctx);
  if (deletesApiKey(ctx)) {
    const id = str(asRecord(ctx.body).id);
    const found = id
      ? await ctx.auth.db.findOne<{ userId?: unknown }>({
          model: API_KEY_MODEL,
          where: [{ field: "id", value: id }],
          select: ["userId"],
        })
      : null;
    const userId = str(found?.userId);
    return userId ? { userId } : null;
  }
  if (path === "/api-key/delete") {
    const id = str(asRecord(ctx.body).keyId);
    const found = id
      ? await ctx.auth.db.findOne<{ organizationId?: unknown }>({
          model: API_KEY_MODEL,
          where: [{ field: "id", value: id }],
          select: ["organizationId"],
        })
      : null;
    const organizationId = str(found?.organizationId);
    return organizationId ? { organizationId } : null;
  }
  if (path === "/sign-out") {
    const token = ctx.auth.sessions.tokenFromCookieHeader(ctx.headers.get("cookie"));
    const found = token ? await ctx.auth.sessions.findByToken(token) : null;
    return found ? { userId: found.user.id } : null;
  }
  if (path === "/admin/revoke-user-session") {
    const token = str(asRecord(ctx.body).sessionToken);
    const found = token ? await ctx.auth.sessions.findByToken(token) : null;
    return found ? { userId: found.user.id } : null;
  }
  if (path === "/reset-password") {
    const token = str(asRecord(ctx.body).token);
    if (!token) return null;
    const found = await ctx.auth.tokens.peek<{ userId?: unknown }>("reset-password", token);
    const userId = found.status === "valid" ? str(found.payload.userId) : undefined;
    return userId ? { userId } : null;
  }
  if (path === "/verify-email") {
    const token = str(asRecord(ctx.query).token);
    if (!token) return null;
    const found = await ctx.auth.tokens.peek<Record<string, unknown>>("verify-email", token);
    if (found.status !== "valid") return null;
    const p = asRecord(found.payload);
    const userId = str(p.userId);
    const emailAction = p.confirmChangeTo ? "confirm-change" : p.updateTo ? "change" : "verify";
    return { ...(userId && { userId }), emailAction };
  }
  if (path === "/callback/:id") {
    const state = str(asRecord(ctx.query).state) ?? str(asRecord(ctx.body).state);
    if (!state) return null;
    const found = await ctx.auth.tokens.peek<{ link?: { userId?: unknown } }>("oauth-state", state);
    const userId = found.status === "valid" ? str(asRecord(found.payload.link).userId) : undefined;
    return userId ? { userId, linking: true } : null;
  }
  const user = ctx.session?.user as { twoFactorEnabled?: unknown } | undefined;
  return { twoFactorWasEnabled: user?.twoFactorEnabled === true };
}
