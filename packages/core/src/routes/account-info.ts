import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { accountTokens } from "../oauth/account-tokens.js";

// The provider's profile as its getUserInfo maps it; an app's mapProfile may add fields of its own.
const providerProfileResponse = z
  .object({
    id: z.string().describe("The provider's user id (the account's accountId)"),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    name: z.string(),
    image: z.string().nullable().optional(),
  })
  .catchall(z.unknown());

/** POST /account-info {accountId}: what the provider currently says about one of the caller's accounts. */
export const accountInfo = defineEndpoint(
  {
    method: "POST",
    path: "/account-info",
    body: z.strictObject({ accountId: z.string() }),
    session: "required",
    tags: ["accounts"],
    openapi: {
      summary: "Provider profile of a linked account",
      response: z.object({ user: providerProfileResponse }),
      errors: [CORE_ERRORS.ACCOUNT_NOT_FOUND, CORE_ERRORS.PROVIDER_NOT_FOUND, CORE_ERRORS.FAILED_TO_GET_USER_INFO],
    },
  },
  async (ctx) => {
    const accounts = await ctx.auth.accounts.listByUser(ctx.session.user.id);
    const account = accounts.find((a) => a.id === ctx.body.accountId || a.accountId === ctx.body.accountId);
    if (!account) throw new AuthError(CORE_ERRORS.ACCOUNT_NOT_FOUND);
    const provider = ctx.auth.socialProviders.get(account.providerId);
    if (!provider) throw new AuthError(CORE_ERRORS.PROVIDER_NOT_FOUND);
    const profile = await provider.getUserInfo(accountTokens(ctx.auth, account)).catch(() => null);
    if (!profile) throw new AuthError(CORE_ERRORS.FAILED_TO_GET_USER_INFO);
    return { user: profile };
  },
);
