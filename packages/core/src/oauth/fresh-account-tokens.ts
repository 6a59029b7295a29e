import type { AuthContext } from "../context/auth-context.js";
import type { Account } from "../schema/model-types.js";
import { accountTokens, tokensToAccountFields } from "./account-tokens.js";
import type { OAuthProvider, OAuthTokens } from "./oauth-provider.js";

/** SPEC.md §9: refresh when under 5 seconds remain. */
const REFRESH_MARGIN_MS = 5_000;

/**
 * The account's provider tokens, refreshed first (and stored) when the access token is about to
 * expire and a refresh token is at hand. Throws what the provider's refresh throws.
 */
export async function freshAccountTokens(
  auth: Pick<AuthContext, "options" | "secret" | "accounts" | "now">,
  provider: OAuthProvider,
  account: Account,
): Promise<OAuthTokens> {
  const tokens = accountTokens(auth, account);
  const expiresAt = tokens.accessTokenExpiresAt?.getTime();
  if (expiresAt === undefined || expiresAt - auth.now() >= REFRESH_MARGIN_MS) return tokens;
  if (!provider.refreshAccessToken || !tokens.refreshToken) return tokens;
  const fresh = await provider.refreshAccessToken(tokens.refreshToken);
  await auth.accounts.update(account.id, tokensToAccountFields(auth, fresh));
  return { ...tokens, ...Object.fromEntries(Object.entries(fresh).filter(([, v]) => v !== undefined)) };
}
