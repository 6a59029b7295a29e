import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { redirectTo } from "../api/endpoint-response.js";
import { successMessageResponse } from "../api/response-shapes.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { clearSessionCookies } from "../session/session-cookies.js";
import { deleteUserEverywhere } from "../user/delete-user-everywhere.js";

/** Codes a refused deletion link carries to callbackURL as `?error=`. */
type DeleteLinkFailure = "session_required" | "unauthorized" | "token_expired" | "invalid_token";

/**
 * GET /delete-user/callback?token&callbackURL: the emailed deletion link. It deletes only in the
 * browser signed in as the token's owner: mail scanners and link previews open GET links, and a link
 * is not consent on its own (DESIGN.md: destructive links need the owner's session). Any refusal
 * leaves the token unused, so the owner can sign in and follow the link again.
 */
export const deleteUserCallback = defineEndpoint(
  {
    method: "GET",
    path: "/delete-user/callback",
    query: z.object({ token: z.string(), callbackURL: z.string().optional() }),
    session: "optional",
    tags: ["delete-user"],
    openapi: {
      summary: "Follow an account deletion link",
      description:
        "Deletes only in the browser signed in as the token's owner. With callbackURL: a redirect to it, carrying ?error=session_required|unauthorized|token_expired|invalid_token on failure. Without: JSON, 401 without a session, or 400 invalid token.",
      response: successMessageResponse,
      kind: ["json", "redirect"],
      errors: [CORE_ERRORS.DELETE_USER_DISABLED, CORE_ERRORS.INVALID_TOKEN],
      session: "required",
    },
  },
  async (ctx) => {
    const { callbackURL } = ctx.query;
    const fail = (error: DeleteLinkFailure) => {
      if (callbackURL) return redirectTo(ctx, callbackURL, { params: { error } });
      throw new AuthError(error === "session_required" ? CORE_ERRORS.UNAUTHORIZED : CORE_ERRORS.INVALID_TOKEN);
    };
    if (!ctx.auth.options.user.deleteUser.enabled) throw new AuthError(CORE_ERRORS.DELETE_USER_DISABLED);
    // Without a session the token is not even looked at: the answer says nothing about it.
    if (!ctx.session) return fail("session_required");
    const { user } = ctx.session;
    // Peek first: a refusal (someone else's token) must not burn the owner's token.
    const peeked = await ctx.auth.tokens.peek<{ userId: string }>("delete-account", ctx.query.token);
    if (peeked.status !== "valid") return fail(peeked.status === "expired" ? "token_expired" : "invalid_token");
    if (peeked.payload.userId !== user.id) return fail("unauthorized");
    const found = await ctx.auth.tokens.consume<{ userId: string }>("delete-account", ctx.query.token);
    if (found.status !== "valid") return fail("invalid_token"); // used up by a concurrent request
    await deleteUserEverywhere(ctx.auth, user);
    clearSessionCookies(ctx);
    return callbackURL ? redirectTo(ctx, callbackURL) : { success: true, message: "User deleted" };
  },
);
