import { OAuthError } from "./oauth-error.js";
import type { OAuthProvider, ProviderConfig } from "./oauth-provider.js";

// What Gatehouse sets for the flow's security; `authorizationParams` must not replace them.
const RESERVED_PARAMS = new Set([
  "state",
  "nonce",
  "code_challenge",
  "code_challenge_method",
  "redirect_uri",
  "client_id",
  "response_type",
  "scope",
]);

/**
 * Wraps a provider with what every provider shares: the configured `prompt`, `responseMode`,
 * `authorizationParams` and `disableIdTokenSignIn`, and verification of the ID tokens a refresh
 * returns (OIDC Core §12.2: same issuer, audience and signing keys as at sign-in). The wrapper
 * inherits from the provider, so class-based providers keep their methods.
 */
export function applyProviderOptions(id: string, provider: OAuthProvider, config?: ProviderConfig): OAuthProvider {
  const params: Record<string, string> = { ...config?.authorizationParams };
  for (const name of Object.keys(params)) {
    if (RESERVED_PARAMS.has(name)) {
      throw new Error(`Gatehouse: socialProviders.${id}.authorizationParams cannot set ${name}; Gatehouse sets it`);
    }
  }
  if (config?.prompt) params.prompt = config.prompt;
  if (config?.responseMode) params.response_mode = config.responseMode;

  const wrapped: OAuthProvider = Object.create(provider);
  if (config?.responseMode) wrapped.responseMode = config.responseMode;
  if (config?.disableIdTokenSignIn !== undefined) wrapped.disableIdTokenSignIn = config.disableIdTokenSignIn;
  if (Object.keys(params).length > 0) {
    wrapped.createAuthorizationURL = async (args) => {
      const url = await provider.createAuthorizationURL(args);
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      return url;
    };
  }
  const { refreshAccessToken, verifyIdToken } = provider;
  if (refreshAccessToken && verifyIdToken) {
    wrapped.refreshAccessToken = async (refreshToken) => {
      const tokens = await refreshAccessToken.call(provider, refreshToken);
      // No nonce here: a refreshed ID token carries none of its own (OIDC Core §12.2).
      if (tokens.idToken && !(await verifyIdToken.call(provider, tokens.idToken).catch(() => false))) {
        throw new OAuthError("invalid_id_token", "the refreshed ID token failed verification");
      }
      return tokens;
    };
  }
  return wrapped;
}
