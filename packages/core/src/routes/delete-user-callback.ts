import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { redirectTo } from "../api/endpoint-response.js";
import { successMessageResponse } from "../api/response-shapes.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { clearSessionCookies } from "../session/session-cookies.js";
import { withQuery } from "../utils/auth-url.js";
import { deleteUserEverywhere } from "../user/delete-user-everywhere.js";

/**
 * GET /delete-user/callback?token&callbackURL: the emailed deletion link. The token alone proves the
 * request (it went to the account's address); a browser signed in as someone else is refused.
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
        "With callbackURL: a redirect to it, carrying ?error=… on failure. Without: JSON, or 400 invalid token.",
      response: successMessageResponse,
      kind: ["json", "redirect"],
      errors: [CORE_ERRORS.DELETE_USER_DISABLED, CORE_ERRORS.INVALID_TOKEN],
    },
  },
  async (ctx) => {
    const { callbackURL } = ctx.query;
    const fail = (error: string) => {
      if (callbackURL) return redirectTo(withQuery(callbackURL, { error }));
      throw new AuthError(CORE_ERRORS.INVALID_TOKEN);
    };
    if (!ctx.auth.options.user.deleteUser.enabled) throw new AuthError(CORE_ERRORS.DELETE_USER_DISABLED);
    if (ctx.session) {
      // Peek first: a signed-in stranger must not burn the owner's token.
      const peeked = await ctx.auth.tokens.peek<{ userId: string }>("delete-account", ctx.query.token);
      if (peeked.status === "valid" && peeked.payload.userId !== ctx.session.user.id) return fail("unauthorized");
    }
    const found = await ctx.auth.tokens.consume<{ userId: string }>("delete-account", ctx.query.token);
    if (found.status !== "valid") return fail(found.status === "expired" ? "token_expired" : "invalid_token");
    const user = await ctx.auth.users.findById(found.payload.userId);
    if (!user) return fail("user_not_found");
    await deleteUserEverywhere(ctx.auth, user);
    if (ctx.session) clearSessionCookies(ctx);
    return callbackURL ? redirectTo(callbackURL) : { success: true, message: "User deleted" };
  },
);
