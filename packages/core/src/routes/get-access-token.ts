import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { dateTimeResponse } from "../api/response-shapes.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { accountTokens, tokensToAccountFields } from "../oauth/account-tokens.js";
import { findUserAccount } from "../oauth/find-user-account.js";

/** SPEC.md §9: refresh when under 5 seconds remain. */
const REFRESH_MARGIN_MS = 5_000;

const accessTokenResponse = z.object({
  accessToken: z.string(),
  accessTokenExpiresAt: dateTimeResponse.nullable(),
  scopes: z.array(z.string()),
  idToken: z.string().nullable(),
});

/**
 * POST /get-access-token {providerId, accountId?, userId?}: a usable provider access token, refreshed
 * first when it is about to expire.
 */
export const getAccessToken = defineEndpoint(
  {
    method: "POST",
    path: "/get-access-token",
    body: z.strictObject({ providerId: z.string(), accountId: z.string().optional(), userId: z.string().optional() }),
    session: "optional",
    tags: ["accounts"],
    credentials: "own-session",
    openapi: {
      summary: "Get a provider access token",
      description: "Refreshed first when it expires within 5 seconds.",
      response: accessTokenResponse,
      // Optional only so server code may name a userId; over HTTP it is the caller's own accounts (findUserAccount).
      session: "required",
      errors: [CORE_ERRORS.ACCOUNT_NOT_FOUND, CORE_ERRORS.FAILED_TO_GET_ACCESS_TOKEN],
    },
  },
  async (ctx) => {
    const account = await findUserAccount(ctx);
    let tokens = accountTokens(ctx.auth, account);
    const expiresAt = tokens.accessTokenExpiresAt?.getTime();
    if (expiresAt !== undefined && expiresAt - ctx.auth.now() < REFRESH_MARGIN_MS) {
      const provider = ctx.auth.socialProviders.get(account.providerId);
      if (!provider?.refreshAccessToken || !tokens.refreshToken)
        throw new AuthError(CORE_ERRORS.FAILED_TO_GET_ACCESS_TOKEN);
      const fresh = await provider.refreshAccessToken(tokens.refreshToken).catch(() => null);
      if (!fresh?.accessToken) throw new AuthError(CORE_ERRORS.FAILED_TO_GET_ACCESS_TOKEN);
      await ctx.auth.accounts.update(account.id, tokensToAccountFields(ctx.auth, fresh));
      tokens = { ...tokens, ...Object.fromEntries(Object.entries(fresh).filter(([, v]) => v !== undefined)) };
    }
    if (!tokens.accessToken) throw new AuthError(CORE_ERRORS.FAILED_TO_GET_ACCESS_TOKEN);
    return {
      accessToken: tokens.accessToken,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt ?? null,
      scopes: tokens.scopes ?? [],
      idToken: tokens.idToken ?? null,
    };
  },
);
