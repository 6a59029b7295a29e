import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { statusResponse } from "../api/response-shapes.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { CREDENTIAL_PROVIDER } from "../repositories/accounts-repository.js";
import { voidResetTokens } from "../tokens/void-reset-tokens.js";

/**
 * Server-only `auth.api.setPassword`: gives a social-only user a password. Never routed over HTTP,
 * because without the current password it would let a stolen session take the account over.
 */
export const setPassword = defineEndpoint(
  {
    method: "POST",
    path: "/set-password",
    body: z.strictObject({ newPassword: z.string() }),
    session: "required",
    credentials: "own-session",
    serverOnly: true,
    openapi: { response: statusResponse, errors: [CORE_ERRORS.USER_ALREADY_HAS_PASSWORD] },
  },
  async (ctx) => {
    const { passwords, accounts } = ctx.auth;
    const { user } = ctx.session;
    passwords.assertValidLength(ctx.body.newPassword);
    const existing = await accounts.findCredential(user.id);
    if (existing?.password) throw new AuthError(CORE_ERRORS.USER_ALREADY_HAS_PASSWORD);
    const hash = await passwords.hash(ctx.body.newPassword);
    await ctx.auth.transaction(async (tx) => {
      if (existing) await tx.accounts.update(existing.id, { password: hash });
      else
        await tx.accounts.create({
          userId: user.id,
          accountId: user.id,
          providerId: CREDENTIAL_PROVIDER,
          password: hash,
        });
      // Outstanding reset links predate this password: they must not replace it.
      await voidResetTokens(tx.db, user.id);
    });
    return { status: true };
  },
);
