import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { statusResponse } from "../api/response-shapes.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { CREDENTIAL_PROVIDER } from "../repositories/accounts-repository.js";
import { type ResetTokenPayload, voidResetTokens } from "../tokens/void-reset-tokens.js";

/**
 * POST /reset-password {newPassword, token}: sets the password with a mailed token (single use) and,
 * by default, ends every session of the user — whoever knew the old password is signed out too.
 */
export const resetPassword = defineEndpoint(
  {
    method: "POST",
    path: "/reset-password",
    body: z.strictObject({ newPassword: z.string(), token: z.string() }),
    tags: ["password-reset", "changes-password"],
    openapi: {
      summary: "Set a new password with a reset token",
      response: statusResponse,
      errors: [CORE_ERRORS.INVALID_TOKEN, CORE_ERRORS.PASSWORD_TOO_SHORT, CORE_ERRORS.PASSWORD_TOO_LONG],
    },
  },
  async (ctx) => {
    const { passwords, tokens, options } = ctx.auth;
    // Checked first, so a too-short password does not burn the token.
    passwords.assertValidLength(ctx.body.newPassword);
    const hash = await passwords.hash(ctx.body.newPassword);
    const found = await tokens.consume<ResetTokenPayload>("reset-password", ctx.body.token);
    const userId = found.status === "valid" ? found.payload.userId : null;
    if (!userId) throw new AuthError(CORE_ERRORS.INVALID_TOKEN);
    await ctx.auth.transaction(async (tx) => {
      const user = await tx.users.findById(userId);
      if (!user) throw new AuthError(CORE_ERRORS.INVALID_TOKEN);
      const account = await tx.accounts.findCredential(userId);
      // A social-only user who resets gets a password account: the reset proved they own the email.
      if (account) await tx.accounts.update(account.id, { password: hash });
      else await tx.accounts.create({ userId, accountId: userId, providerId: CREDENTIAL_PROVIDER, password: hash });
      // The other links mailed to this user are void too: one reset is the answer to all of them.
      await voidResetTokens(tx.db, userId);
      if (options.emailAndPassword.revokeSessionsOnPasswordReset) {
        await tx.endUserSessions(userId, "password-reset");
      }
    });
    return { status: true };
  },
);
