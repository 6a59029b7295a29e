import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { statusResponse } from "../api/response-shapes.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { sendInBackground } from "../email/send-in-background.js";
import { accountTokens } from "../oauth/account-tokens.js";

/**
 * POST /unlink-account {providerId, accountId?}: removes one linked account. Never the last one
 * (unless `account.accountLinking.allowUnlinkingAll`): the user could no longer sign in. `accountId`
 * may be the provider's account id or the id list-accounts shows.
 */
export const unlinkAccount = defineEndpoint(
  {
    method: "POST",
    path: "/unlink-account",
    body: z.strictObject({ providerId: z.string(), accountId: z.string().optional() }),
    session: "fresh",
    tags: ["accounts"],
    credentials: "own-session",
    openapi: {
      summary: "Unlink an account",
      response: statusResponse,
      errors: [CORE_ERRORS.CANNOT_UNLINK_LAST_ACCOUNT, CORE_ERRORS.ACCOUNT_NOT_FOUND],
    },
  },
  async (ctx) => {
    const { providerId, accountId } = ctx.body;
    const accounts = await ctx.auth.accounts.listByUser(ctx.session.user.id);
    const target = accounts.find(
      (a) =>
        a.providerId === providerId && (accountId === undefined || a.accountId === accountId || a.id === accountId),
    );
    if (accounts.length <= 1 && !ctx.auth.options.account.accountLinking.allowUnlinkingAll) {
      // Answered before "not found", as the anchor does: with one account there is nothing to pick.
      throw new AuthError(CORE_ERRORS.CANNOT_UNLINK_LAST_ACCOUNT);
    }
    if (!target) throw new AuthError(CORE_ERRORS.ACCOUNT_NOT_FOUND);
    const allowAll = ctx.auth.options.account.accountLinking.allowUnlinkingAll;
    // Delete, then count what is left, in one transaction: two unlinks racing cannot both pass a
    // "more than one left" check made before either deleted.
    await ctx.auth.transaction(async (tx) => {
      await tx.accounts.delete(target.id);
      const left = await tx.db.count({ model: "account", where: [{ field: "userId", value: ctx.session.user.id }] });
      if (left === 0 && !allowAll) throw new AuthError(CORE_ERRORS.CANNOT_UNLINK_LAST_ACCOUNT);
    });
    // Tell the provider too, where it can be told: the app should not keep access it gave up.
    const provider = ctx.auth.socialProviders.get(target.providerId);
    const { accessToken, refreshToken: stored } = accountTokens(ctx.auth, target);
    const refreshToken = provider?.revokesRefreshTokens ? stored : undefined;
    if (provider?.revokeToken && (accessToken || refreshToken)) {
      const revoke = provider.revokeToken.bind(provider);
      sendInBackground(ctx.auth, "token revocation", async () => {
        // Both: a refresh token left alive would mint new access tokens (RFC 7009 §2.1).
        const results = await Promise.allSettled([
          accessToken ? revoke(accessToken, "access_token") : undefined,
          refreshToken ? revoke(refreshToken, "refresh_token") : undefined,
        ]);
        const failed = results.find((r) => r.status === "rejected");
        if (failed) throw failed.reason;
      });
    }
    return { status: true };
  },
);
