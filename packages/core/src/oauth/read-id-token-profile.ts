import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import type { IdTokenBody } from "./id-token-body.js";
import type { OAuthProvider, OAuthTokens, ProviderProfile } from "./oauth-provider.js";

/**
 * Verifies an ID token from a native SDK with its provider (signature, issuer, audience, expiry,
 * nonce) and reads the user from it; throws the catalogue error a JSON endpoint answers with.
 */
export async function readIdTokenProfile(
  provider: OAuthProvider,
  idToken: IdTokenBody,
): Promise<{ tokens: OAuthTokens; profile: ProviderProfile }> {
  if (!provider.verifyIdToken || provider.disableIdTokenSignIn) throw new AuthError(CORE_ERRORS.ID_TOKEN_NOT_SUPPORTED);
  const verified = await provider.verifyIdToken(idToken.token, idToken.nonce).catch(() => false);
  if (!verified) throw new AuthError(CORE_ERRORS.INVALID_ID_TOKEN);
  const tokens: OAuthTokens = {
    idToken: idToken.token,
    accessToken: idToken.accessToken,
    refreshToken: idToken.refreshToken,
    accessTokenExpiresAt: idToken.expiresAt ? new Date(idToken.expiresAt) : undefined,
  };
  const profile = await provider.getUserInfo(tokens).catch(() => null);
  if (!profile) throw new AuthError(CORE_ERRORS.FAILED_TO_GET_USER_INFO);
  if (!profile.email) throw new AuthError(CORE_ERRORS.USER_EMAIL_NOT_FOUND);
  return { tokens, profile };
}
