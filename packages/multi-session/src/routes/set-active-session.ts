import { AuthError, defineEndpoint, sessionWithUserResponse, setSessionCookie } from "@gatehouse/core";
import type { SessionWithUser } from "@gatehouse/core";
import { z } from "zod";
import { clearDeviceCookie, findDeviceEntry, readDeviceCookies } from "../device-cookies.js";
import { loadDeviceSession } from "../load-device-session.js";
import { MULTI_SESSION_ERRORS } from "../multi-session-errors.js";
import { refuseWhileImpersonating } from "../refuse-while-impersonating.js";

/**
 * POST /multi-session/set-active { sessionToken }: makes one of this browser's accounts the active one
 * (session cookie, and the session cookie cache when on, rewritten). Only a token in this browser's
 * signed set is accepted: a valid token from elsewhere is 403, a dead one in the set 401 (and dropped).
 */
export const setActiveSession = defineEndpoint(
  {
    method: "POST",
    path: "/multi-session/set-active",
    body: z.strictObject({ sessionToken: z.string().min(1).max(512) }),
    session: "optional",
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
    const entry = findDeviceEntry(readDeviceCookies(ctx).entries, ctx.body.sessionToken);
    if (!entry) throw new AuthError(MULTI_SESSION_ERRORS.MULTI_SESSION_NOT_ON_DEVICE, { cookies: ctx.cookies });
    const found = await loadDeviceSession(ctx, entry);
    if (!found) {
      clearDeviceCookie(ctx, entry.name);
      throw new AuthError(MULTI_SESSION_ERRORS.MULTI_SESSION_INVALID, { cookies: ctx.cookies });
    }
    setSessionCookie(ctx, found, entry.remember);
    return found;
  },
);
