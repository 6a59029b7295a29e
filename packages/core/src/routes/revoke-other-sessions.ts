import { defineEndpoint } from "../api/define-endpoint.js";
import { statusResponse } from "../api/response-shapes.js";

/** POST /revoke-other-sessions: ends every session of the caller but this one. */
export const revokeOtherSessions = defineEndpoint(
  {
    method: "POST",
    path: "/revoke-other-sessions",
    session: "required",
    credentials: "own-session",
    tags: ["revokes-sessions"],
    openapi: { summary: "Revoke all your sessions except this one", response: statusResponse },
  },
  async (ctx) => {
    await ctx.auth.endUserSessions(ctx.session.user.id, "signed-out-everywhere", ctx.session.session.id);
    return { status: true };
  },
);
