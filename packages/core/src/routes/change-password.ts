import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { tokenUserResponse } from "../api/response-shapes.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { isDontRemember, setSessionCookie } from "../session/session-cookies.js";
import { voidResetTokens } from "../tokens/void-reset-tokens.js";

/** POST /change-password: needs the current password; optionally ends every other session. */
export const changePassword = defineEndpoint(
  {
    method: "POST",
    path: "/change-password",
    body: z.strictObject({
      newPassword: z.string(),
      currentPassword: z.string().max(4096),
      revokeOtherSessions: z.boolean().optional(),
    }),
    session: "required",
    tags: ["changes-password"],
    credentials: "own-session",
    openapi: {
      summary: "Change your password",
      description: "token is the new session's when revokeOtherSessions is set, else null.",
      response: tokenUserResponse,
      errors: [
        CORE_ERRORS.INVALID_PASSWORD,
        CORE_ERRORS.CREDENTIAL_ACCOUNT_NOT_FOUND,
        CORE_ERRORS.PASSWORD_TOO_SHORT,
        CORE_ERRORS.PASSWORD_TOO_LONG,
      ],
    },
  },
  async (ctx) => {
    const { passwords, sessions, accounts } = ctx.auth;
    const { user } = ctx.session;
    passwords.assertValidLength(ctx.body.newPassword);
    const account = await accounts.findCredential(user.id);
    if (!account?.password) throw new AuthError(CORE_ERRORS.CREDENTIAL_ACCOUNT_NOT_FOUND);
    if (!(await passwords.verify(account.password, ctx.body.currentPassword))) {
      throw new AuthError(CORE_ERRORS.INVALID_PASSWORD);
    }
    const hash = await passwords.hash(ctx.body.newPassword);
    if (!ctx.body.revokeOtherSessions) {
      await ctx.auth.transaction(async (tx) => {
        await tx.accounts.update(account.id, { password: hash });
        // A reset link mailed before the change must not undo it.
        await voidResetTokens(tx.db, user.id);
      });
      return { token: null, user };
    }
    // A new session replaces every old one, so a stolen cookie dies with the password change.
    const fresh = await ctx.auth.transaction(async (tx) => {
      await tx.accounts.update(account.id, { password: hash });
      await voidResetTokens(tx.db, user.id);
      await tx.endUserSessions(user.id, "password-changed");
      return sessions.create(tx.db, user, {
        ipAddress: ctx.clientIp,
        userAgent: ctx.headers.get("user-agent") ?? undefined,
      });
    });
    setSessionCookie(ctx, fresh, !isDontRemember(ctx));
    return { token: fresh.session.token, user };
  },
);
