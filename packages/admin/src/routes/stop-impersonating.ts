import { z } from "zod";
import {
  AuthError,
  clearSessionCookies,
  defineEndpoint,
  sessionWithUserResponse,
  setSessionCookie,
} from "@gatehouse-auth/core";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { AdminSession } from "../admin-types.js";
import { clearAdminSessionCookie, readAdminSessionCookie } from "../impersonation-cookie.js";

/**
 * POST /admin/stop-impersonating: ends the impersonation session and switches this browser back to
 * the admin's own session. Needs no permission (the impersonated user usually has none), only an
 * impersonation session. When the admin's session is gone meanwhile, the browser ends signed out.
 */
export const stopImpersonating = defineEndpoint(
  {
    method: "POST",
    path: "/admin/stop-impersonating",
    session: "required",
    openapi: {
      summary: "Stop impersonating and return to your own session",
      description:
        "Answers the admin's own session again, or nulls when it ended meanwhile (the browser is then signed out).",
      response: z.union([sessionWithUserResponse, z.object({ session: z.null(), user: z.null() })]),
      errors: [ADMIN_ERRORS.NOT_IMPERSONATING],
    },
  },
  async (ctx) => {
    const current = ctx.session.session as AdminSession;
    if (!current.impersonatedBy) throw new AuthError(ADMIN_ERRORS.NOT_IMPERSONATING);
    const { sessions } = ctx.auth;
    await sessions.deleteByToken(current.token);
    const adminToken = readAdminSessionCookie(ctx);
    const admin = adminToken ? await sessions.findByToken(adminToken) : null;
    clearAdminSessionCookie(ctx);
    // The kept token must be the impersonator's own session; anything else is not a way back.
    if (!admin || admin.user.id !== current.impersonatedBy || (admin.session as AdminSession).impersonatedBy) {
      clearSessionCookies(ctx);
      return { session: null, user: null };
    }
    setSessionCookie(ctx, admin, !ctx.getCookie(ctx.auth.cookies.dontRemember));
    return admin;
  },
);
