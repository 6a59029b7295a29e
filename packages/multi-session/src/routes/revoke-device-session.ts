import { clearSessionCookies, defineEndpoint, setSessionCookie, statusResponse } from "@gatehouse-auth/core";
import { clearDeviceCookie } from "../device-cookies.js";
import { deviceSessionTarget, findTargetEntry } from "../device-session-target.js";
import { loadDeviceSession } from "../load-device-session.js";
import { MULTI_SESSION_ERRORS } from "../multi-session-errors.js";
import { refuseWhileImpersonating } from "../refuse-while-impersonating.js";

/**
 * POST /multi-session/revoke { sessionId }: signs this browser out of one of its accounts (the
 * session ends). When it was the active one, the browser switches to the account it added most
 * recently that is still live, or ends signed out. Only a session in this browser's set is accepted (403).
 */
export const revokeDeviceSession = defineEndpoint(
  {
    method: "POST",
    path: "/multi-session/revoke",
    body: deviceSessionTarget,
    session: "optional",
    credentials: "own-session",
    openapi: {
      summary: "Sign this browser out of one of its accounts",
      description: "When it was the active account, another of the browser's accounts becomes active, if any.",
      response: statusResponse,
      errors: [MULTI_SESSION_ERRORS.MULTI_SESSION_NOT_ON_DEVICE, MULTI_SESSION_ERRORS.MULTI_SESSION_IMPERSONATING],
    },
  },
  async (ctx) => {
    refuseWhileImpersonating(ctx);
    const { entry, all: entries } = findTargetEntry(ctx, ctx.body);
    await ctx.auth.sessions.deleteByToken(entry.token, undefined, "revoked");
    clearDeviceCookie(ctx, entry.name);
    const active = ctx.auth.sessions.tokenFromCookieHeader(ctx.headers.get("cookie"));
    // Only leaving the active account moves the browser; a signed-out browser stays signed out.
    if (active !== entry.token) return { status: true };
    for (const next of entries.filter((e) => e !== entry).reverse()) {
      const found = await loadDeviceSession(ctx, next);
      if (found) {
        setSessionCookie(ctx, found, next.remember);
        return { status: true };
      }
      clearDeviceCookie(ctx, next.name);
    }
    clearSessionCookies(ctx);
    return { status: true };
  },
);
