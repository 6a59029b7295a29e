import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { dateTimeResponse } from "../api/response-shapes.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { accountTokens, tokensToAccountFields } from "../oauth/account-tokens.js";
import { findUserAccount } from "../oauth/find-user-account.js";

const refreshedTokensResponse = z.object({
  accessToken: z.string(),
  refreshToken: z.string().describe("The new refresh token, or the stored one when the provider kept it"),
  accessTokenExpiresAt: dateTimeResponse.nullable(),
  refreshTokenExpiresAt: dateTimeResponse.nullable(),
  scopes: z.array(z.string()),
  idToken: z.string().nullable(),
});

/** POST /refresh-token {providerId, accountId?, userId?}: forces a refresh with the stored refresh token. */
export const refreshToken = defineEndpoint(
  {
    method: "POST",
    path: "/refresh-token",
    body: z.strictObject({ providerId: z.string(), accountId: z.string().optional(), userId: z.string().optional() }),
    session: "optional",
    tags: ["accounts"],
    credentials: "own-session",
    openapi: {
      summary: "Refresh a provider access token",
      response: refreshedTokensResponse,
      // Optional only so server code may name a userId; over HTTP it is the caller's own accounts (findUserAccount).
      session: "required",
      errors: [
        CORE_ERRORS.ACCOUNT_NOT_FOUND,
        CORE_ERRORS.PROVIDER_CANNOT_REFRESH,
        CORE_ERRORS.FAILED_TO_REFRESH_ACCESS_TOKEN,
      ],
    },
  },
  async (ctx) => {
    const account = await findUserAccount(ctx);
    const provider = ctx.auth.socialProviders.get(account.providerId);
    if (!provider?.refreshAccessToken) {
      throw new AuthError(CORE_ERRORS.PROVIDER_CANNOT_REFRESH, {
        message: `Provider ${account.providerId} is not supported or does not support token refreshing`,
      });
    }
    const { refreshToken: stored } = accountTokens(ctx.auth, account);
    if (!stored) throw new AuthError(CORE_ERRORS.FAILED_TO_REFRESH_ACCESS_TOKEN);
    const fresh = await provider.refreshAccessToken(stored).catch(() => null);
    if (!fresh?.accessToken) throw new AuthError(CORE_ERRORS.FAILED_TO_REFRESH_ACCESS_TOKEN);
    await ctx.auth.accounts.update(account.id, tokensToAccountFields(ctx.auth, fresh));
    return {
      accessToken: fresh.accessToken,
      refreshToken: fresh.refreshToken ?? stored,
      accessTokenExpiresAt: fresh.accessTokenExpiresAt ?? null,
      refreshTokenExpiresAt: fresh.refreshTokenExpiresAt ?? null,
      scopes: fresh.scopes ?? [],
      idToken: fresh.idToken ?? null,
    };
  },
);
