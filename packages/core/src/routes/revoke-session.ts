import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { statusResponse } from "../api/response-shapes.js";
import { clearSessionCookies } from "../session/session-cookies.js";

/**
 * POST /revoke-session: ends one of the caller's own sessions. A token of someone else's session
 * matches nothing (the delete is scoped to the caller), and the answer does not say so.
 */
export const revokeSession = defineEndpoint(
  {
    method: "POST",
    path: "/revoke-session",
    body: z.strictObject({ token: z.string().min(1).max(512) }),
    session: "required",
    openapi: { summary: "Revoke one of your sessions by its token", response: statusResponse },
  },
  async (ctx) => {
    await ctx.auth.sessions.deleteByToken(ctx.body.token, ctx.session.user.id);
    if (ctx.body.token === ctx.session.session.token) clearSessionCookies(ctx);
    return { status: true };
  },
);
