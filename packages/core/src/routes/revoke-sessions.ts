import { defineEndpoint } from "../api/define-endpoint.js";
import { statusResponse } from "../api/response-shapes.js";
import { clearSessionCookies } from "../session/session-cookies.js";

/** POST /revoke-sessions: ends every session of the caller, this one included. */
export const revokeSessions = defineEndpoint(
  {
    method: "POST",
    path: "/revoke-sessions",
    session: "required",
    credentials: "own-session",
    tags: ["revokes-sessions"],
    openapi: { summary: "Revoke all your sessions", response: statusResponse },
  },
  async (ctx) => {
    await ctx.auth.endUserSessions(ctx.session.user.id, "signed-out-everywhere");
    clearSessionCookies(ctx);
    return { status: true };
  },
);
