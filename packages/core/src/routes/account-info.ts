import { z } from "zod";
import { defineEndpoint } from "../api/define-endpoint.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { freshAccountTokens } from "../oauth/fresh-account-tokens.js";

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

const accountIdInput = z.string().min(1).max(255);

/**
 * GET /account-info?accountId= (better-auth's client) or POST /account-info {accountId}: what the
 * provider says now about one of the caller's accounts — asked at its user-info endpoint with the stored
 * access token (refreshed first when it is about to expire), not replayed from the ID token of the
 * sign-in. `accountId` is the account's id (as list-accounts shows it) or, when only one of the caller's
 * accounts has it, the provider's account id. Answers `{ user, data }`: `data` is the same profile
 * (better-auth's field for it), with whatever the provider's `mapProfile` added.
 */
export const accountInfo = defineEndpoint(
  {
    method: ["GET", "POST"],
    path: "/account-info",
    // Each method reads its own half (a GET has no body, a POST keeps its JSON body): both are optional
    // to the validator, and the handler requires the one the method carries.
    query: z.object({ accountId: accountIdInput.optional() }),
    body: z.strictObject({ accountId: accountIdInput.optional() }),
    session: "required",
    tags: ["accounts"],
    openapi: {
      summary: "Provider profile of a linked account",
      response: z.object({ user: providerProfileResponse, data: providerProfileResponse }),
      errors: [
        CORE_ERRORS.ACCOUNT_NOT_FOUND,
        CORE_ERRORS.AMBIGUOUS_ACCOUNT_ID,
        CORE_ERRORS.PROVIDER_NOT_FOUND,
        CORE_ERRORS.FAILED_TO_GET_USER_INFO,
      ],
    },
  },
  async (ctx) => {
    const fromQuery = ctx.request?.method === "GET";
    const accountId = fromQuery ? ctx.query.accountId : (ctx.body.accountId ?? ctx.query.accountId);
    if (!accountId)
      throw new AuthError(CORE_ERRORS.VALIDATION_ERROR, {
        message: fromQuery ? "Invalid query parameters" : "Invalid body parameters",
        details: { issues: [{ path: "accountId", message: "Required", code: "invalid_type" }] },
      });
    const accounts = await ctx.auth.accounts.listByUser(ctx.session.user.id);
    const byId = accounts.find((a) => a.id === accountId);
    const matches = byId ? [byId] : accounts.filter((a) => a.accountId === accountId);
    const [account] = matches;
    if (!account) throw new AuthError(CORE_ERRORS.ACCOUNT_NOT_FOUND);
    if (matches.length > 1) throw new AuthError(CORE_ERRORS.AMBIGUOUS_ACCOUNT_ID);
    const provider = ctx.auth.socialProviders.get(account.providerId);
    if (!provider) throw new AuthError(CORE_ERRORS.PROVIDER_NOT_FOUND);
    const tokens = await freshAccountTokens(ctx.auth, provider, account).catch((error: unknown) => {
      ctx.auth.options.logger.warn(`Gatehouse: refreshing the ${provider.id} access token failed`, {
        reason: error instanceof Error ? error.message : undefined,
      });
      throw new AuthError(CORE_ERRORS.FAILED_TO_GET_USER_INFO);
    });
    // Claims stored at sign-in are a snapshot: read only where the provider offers nothing better.
    const asked = provider.accountInfoFromIdToken ? tokens : { ...tokens, idToken: undefined };
    const profile = await provider.getUserInfo(asked).catch(() => null);
    // OIDC Core §5.3.4: an answer about another subject is not this account's profile.
    if (!profile || profile.id !== account.accountId) throw new AuthError(CORE_ERRORS.FAILED_TO_GET_USER_INFO);
    // emailUnverified is the linking decision's signal, not the provider's profile: emailVerified says it.
    const { emailUnverified: _signal, ...answer } = profile;
    return { user: answer, data: answer };
  },
);
