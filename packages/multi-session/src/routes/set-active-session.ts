import { AuthError, defineEndpoint, sessionWithUserResponse, setSessionCookie } from "@gatehouse-auth/core";
import type { SessionWithUser } from "@gatehouse-auth/core";
import { clearDeviceCookie } from "../device-cookies.js";
import { deviceSessionTarget, findTargetEntry } from "../device-session-target.js";
import { loadDeviceSession } from "../load-device-session.js";
import { MULTI_SESSION_ERRORS } from "../multi-session-errors.js";
import { refuseWhileImpersonating } from "../refuse-while-impersonating.js";

/**
 * POST /multi-session/set-active { sessionId }: makes one of this browser's accounts the active one
 * (session cookie, and the session cookie cache when on, rewritten). Only a session in this browser's
 * signed set is accepted: one from elsewhere is 403, a dead one in the set 401 (and dropped). Answers the
 * session as get-session does (its token included: it is now this browser's own session cookie).
 */
export const setActiveSession = defineEndpoint(
  {
    method: "POST",
    path: "/multi-session/set-active",
    body: deviceSessionTarget,
    session: "optional",
    credentials: "own-session",
    openapi: {
      summary: "Switch this browser to another of its signed-in accounts",
      response: sessionWithUserResponse,
      errors: [
        MULTI_SESSION_ERRORS.MULTI_SESSION_NOT_ON_DEVICE,
        MULTI_SESSION_ERRORS.MULTI_SESSION_INVALID,
        MULTI_SESSION_ERRORS.MULTI_SESSION_IMPERSONATING,
      ],
    },
  },
  async (ctx): Promise<SessionWithUser> => {
    refuseWhileImpersonating(ctx);
    const { entry } = findTargetEntry(ctx, ctx.body);
    const found = await loadDeviceSession(ctx, entry);
    if (!found) {
      clearDeviceCookie(ctx, entry.name);
      throw new AuthError(MULTI_SESSION_ERRORS.MULTI_SESSION_INVALID, { cookies: ctx.cookies });
    }
    setSessionCookie(ctx, found, entry.remember);
    return found;
  },
);
