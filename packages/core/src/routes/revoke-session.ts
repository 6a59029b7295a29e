import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { statusResponse } from "../api/response-shapes.js";
import { deriveSessionToken } from "../crypto/index.js";
import { clearSessionCookies } from "../session/session-cookies.js";

// Session ids are 32 characters; tokens are longer, and bounded like any header value.
const body = z.union([
  z.strictObject({ id: z.string().min(1).max(64) }),
  z.strictObject({ token: z.string().min(1).max(512) }),
]);

/**
 * POST /revoke-session: ends one of the caller's own sessions, named by its `id` (as list-sessions
 * answers it). The better-auth shape `{token}` is still accepted: a token the caller already holds
 * gives nothing new. Either way the delete is scoped to the caller, so another user's session matches
 * nothing, and the answer does not say so.
 */
export const revokeSession = defineEndpoint(
  {
    method: "POST",
    path: "/revoke-session",
    body,
    session: "required",
    credentials: "own-session",
    openapi: { summary: "Revoke one of your sessions by its id (or its token)", response: statusResponse },
  },
  async (ctx) => {
    // The token derives from the id (never stored), so an id names exactly one token to delete.
    const token = "id" in ctx.body ? deriveSessionToken(ctx.auth.secret, ctx.body.id) : ctx.body.token;
    await ctx.auth.sessions.deleteByToken(token, ctx.session.user.id, "revoked");
    if (token === ctx.session.session.token) clearSessionCookies(ctx);
    return { status: true };
  },
);
