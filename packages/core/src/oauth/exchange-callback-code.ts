import type { EndpointContext, SessionRequirement } from "../api/define-endpoint.js";
import type { CallbackParams } from "./callback-params.js";
import { OAuthError } from "./oauth-error.js";
import type { OAuthState } from "./oauth-flow.js";
import { providerRedirectURI } from "./oauth-flow.js";
import type { OAuthProvider, OAuthTokens } from "./oauth-provider.js";

type Ctx = EndpointContext<unknown, unknown, SessionRequirement>;

/**
 * Exchanges a callback's authorization code and verifies the ID token that comes back with it (OIDC
 * Core §3.1.3.7: signature against the provider's keys, iss, aud, azp, exp, iat, and this flow's
 * nonce) — the token endpoint's TLS is not taken as proof, so a token edited or swapped on the way
 * never signs anyone in. An ID token the provider has no way to check (a plain OAuth 2.0 server
 * without a JWKS) is dropped: neither read nor stored. Refusals are logged at warn with the provider
 * id, so an operator sees why sign-in fails (a wrong client secret, a redirect URI mismatch).
 */
export async function exchangeCallbackCode(
  ctx: Ctx,
  provider: OAuthProvider,
  state: OAuthState,
  params: CallbackParams & { code: string },
): Promise<OAuthTokens> {
  const { logger } = ctx.auth.options;
  let tokens: OAuthTokens;
  try {
    tokens = await provider.validateAuthorizationCode({
      code: params.code,
      codeVerifier: state.codeVerifier,
      redirectURI: providerRedirectURI(ctx, provider.id),
      deviceId: params.device_id,
    });
  } catch (cause) {
    const error = cause instanceof OAuthError ? cause : new OAuthError("invalid_code", undefined, { cause });
    const said = error.providerError;
    // The message and the provider's own error text only: never the code, verifier or client secret.
    logger.warn(
      `Gatehouse: provider ${provider.id} refused the authorization code (${error.code})`,
      said ? { error: said.error, description: said.description } : { reason: error.message },
    );
    throw error;
  }
  if (!tokens.idToken) return tokens;
  if (!provider.verifyIdToken) return { ...tokens, idToken: undefined };
  const valid = await provider.verifyIdToken(tokens.idToken, state.nonce).catch(() => false);
  if (!valid) {
    logger.warn(`Gatehouse: provider ${provider.id} returned an ID token that failed verification`);
    throw new OAuthError("invalid_id_token");
  }
  return tokens;
}
