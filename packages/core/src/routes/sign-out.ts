import { defineEndpoint } from "../api/define-endpoint.js";
import { successResponse } from "../api/response-shapes.js";
import { clearSessionCookies } from "../session/session-cookies.js";

/** POST /sign-out: ends this session only; idempotent, so a stale tab can always sign out. */
export const signOut = defineEndpoint(
  {
    method: "POST",
    path: "/sign-out",
    tags: ["sign-out"],
    openapi: { summary: "Sign out of this session", response: successResponse },
  },
  async (ctx) => {
    const token = ctx.auth.sessions.tokenFromCookieHeader(ctx.headers.get("cookie"));
    if (token) await ctx.auth.sessions.deleteByToken(token);
    clearSessionCookies(ctx);
    return { success: true };
  },
);
