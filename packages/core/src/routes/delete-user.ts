import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { successMessageResponse } from "../api/response-shapes.js";
import { sendInBackground } from "../email/send-in-background.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { clearSessionCookies } from "../session/session-cookies.js";
import { authUrl } from "../utils/auth-url.js";
import { deleteUserEverywhere } from "../user/delete-user-everywhere.js";

/** Deletion tokens: 32 characters of 0-9 and a-z (SPEC.md §9). */
const DELETE_TOKEN = { length: 32, alphabet: "0123456789abcdefghijklmnopqrstuvwxyz" };

/**
 * POST /delete-user {callbackURL?, password?, token?}. With the right password, or the token from the
 * deletion email, the user goes at once. With neither: a deletion link is mailed when a sender is
 * configured, else a fresh session suffices (SPEC.md §4).
 */
export const deleteUser = defineEndpoint(
  {
    method: "POST",
    path: "/delete-user",
    body: z.strictObject({
      callbackURL: z.string().optional(),
      password: z.string().max(4096).optional(),
      token: z.string().optional(),
    }),
    session: "required",
    credentials: "own-session",
    tags: ["delete-user"],
    openapi: {
      summary: "Delete your account",
      response: successMessageResponse,
      errors: [
        CORE_ERRORS.DELETE_USER_DISABLED,
        CORE_ERRORS.INVALID_PASSWORD,
        CORE_ERRORS.CREDENTIAL_ACCOUNT_NOT_FOUND,
        CORE_ERRORS.INVALID_TOKEN,
        // Without password, token or deletion mail, only a fresh session may delete.
        CORE_ERRORS.SESSION_NOT_FRESH,
      ],
    },
  },
  async (ctx) => {
    const { options, passwords, accounts, tokens } = ctx.auth;
    const config = options.user.deleteUser;
    if (!config.enabled) throw new AuthError(CORE_ERRORS.DELETE_USER_DISABLED);
    const { user, session } = ctx.session;
    const deleted = { success: true, message: "User deleted" };

    if (ctx.body.password !== undefined) {
      const account = await accounts.findCredential(user.id);
      if (!account?.password) throw new AuthError(CORE_ERRORS.CREDENTIAL_ACCOUNT_NOT_FOUND);
      if (!(await passwords.verify(account.password, ctx.body.password)))
        throw new AuthError(CORE_ERRORS.INVALID_PASSWORD);
      await deleteUserEverywhere(ctx.auth, user);
      clearSessionCookies(ctx);
      return deleted;
    }
    if (ctx.body.token !== undefined) {
      // Peek before consuming: someone else's token must stay usable by its owner.
      const peeked = await tokens.peek<{ userId: string }>("delete-account", ctx.body.token);
      if (peeked.status !== "valid" || peeked.payload.userId !== user.id)
        throw new AuthError(CORE_ERRORS.INVALID_TOKEN);
      const found = await tokens.consume<{ userId: string }>("delete-account", ctx.body.token);
      if (found.status !== "valid") throw new AuthError(CORE_ERRORS.INVALID_TOKEN);
      await deleteUserEverywhere(ctx.auth, user);
      clearSessionCookies(ctx);
      return deleted;
    }
    const send = config.sendDeleteAccountVerification;
    if (send) {
      const token = await tokens.issue(
        "delete-account",
        { userId: user.id },
        config.deleteTokenExpiresIn,
        DELETE_TOKEN,
      );
      const url = authUrl(ctx, "/delete-user/callback", { token, callbackURL: ctx.body.callbackURL });
      sendInBackground(ctx.auth, "account deletion email", () => send({ user, url, token }));
      return { success: true, message: "Verification email sent" };
    }
    if (ctx.auth.now() - session.createdAt.getTime() > options.session.freshAge * 1000) {
      throw new AuthError(CORE_ERRORS.SESSION_NOT_FRESH);
    }
    await deleteUserEverywhere(ctx.auth, user);
    clearSessionCookies(ctx);
    return deleted;
  },
);
