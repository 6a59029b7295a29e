import { profileFromClaims, readIdTokenClaims } from "../id-token-claims.js";
import { authorizationURL, exchangeAuthorizationCode, fetchJson, refreshAccessToken } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig, ProviderEndpoints } from "../oauth-provider.js";
import { verifyIdToken } from "../verify-id-token.js";

const ENDPOINTS = {
  authorization: "https://www.linkedin.com/oauth/v2/authorization",
  token: "https://www.linkedin.com/oauth/v2/accessToken",
  userInfo: "https://api.linkedin.com/v2/userinfo",
  jwks: "https://www.linkedin.com/oauth/openid/jwks",
} satisfies Omit<Required<ProviderEndpoints>, "revocation">;
const ISSUER = "https://www.linkedin.com";

/** LinkedIn options on top of the common ones. */
export interface LinkedInOptions extends ProviderConfig {
  /** Expected ID token issuer; default `https://www.linkedin.com`. For test servers. */
  issuer?: string;
}

/**
 * LinkedIn, "Sign In with LinkedIn using OpenID Connect". Scopes `openid profile email`. The profile
 * comes from the OIDC user-info endpoint (the ID token's claims when there is no access token).
 * No PKCE: LinkedIn offers it only to native apps it enables one by one, and web apps use the secret.
 */
export function linkedin(config: LinkedInOptions): OAuthProvider {
  const endpoints = { ...ENDPOINTS, ...config.endpoints };
  const defaults = config.disableDefaultScope ? [] : ["openid", "profile", "email"];
  const client = { clientId: config.clientId, clientSecret: config.clientSecret, fetch: config.fetch };

  return {
    id: "linkedin",
    name: "LinkedIn",
    disableSignUp: config.disableSignUp,
    disableImplicitSignUp: config.disableImplicitSignUp,
    createAuthorizationURL: ({ state, redirectURI, scopes, nonce }) =>
      authorizationURL(endpoints.authorization, {
        clientId: config.clientId,
        redirectURI: config.redirectURI ?? redirectURI,
        state,
        scopes: [...new Set([...defaults, ...(config.scope ?? []), ...(scopes ?? [])])],
        nonce,
      }),
    validateAuthorizationCode: ({ code, redirectURI }) =>
      exchangeAuthorizationCode(endpoints.token, { code, redirectURI: config.redirectURI ?? redirectURI }, client),
    // LinkedIn issues refresh tokens only to some partner apps; for them, refreshing works.
    refreshAccessToken: (refreshToken) => refreshAccessToken(endpoints.token, refreshToken, client),
    async verifyIdToken(idToken, nonce) {
      const claims = await verifyIdToken(idToken, {
        jwksUrl: endpoints.jwks,
        issuer: config.issuer ?? ISSUER,
        audience: config.clientId,
        nonce,
        fetch: config.fetch,
      });
      return claims !== null;
    },
    async getUserInfo(tokens) {
      const idClaims = await readIdTokenClaims(tokens.idToken, config.clientId);
      let claims: Record<string, unknown> | null = null;
      if (tokens.accessToken) {
        const info = (await fetchJson(endpoints.userInfo, tokens.accessToken, { fetch: config.fetch })) as Record<
          string,
          unknown
        > | null;
        // OIDC Core §5.3.4: user info about another subject than the ID token's is not this user.
        if (info && typeof info.sub === "string" && (!idClaims || info.sub === idClaims.sub)) claims = info;
      }
      claims ??= idClaims;
      if (!claims) return null;
      const profile = profileFromClaims(claims);
      return config.mapProfile ? config.mapProfile(profile, claims) : profile;
    },
  };
}
