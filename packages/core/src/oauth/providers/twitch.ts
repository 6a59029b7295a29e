import { isTrue, readIdTokenClaims, stringClaim } from "../id-token-claims.js";
import { authorizationURL, exchangeAuthorizationCode, fetchJson, refreshAccessToken } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig, ProviderEndpoints } from "../oauth-provider.js";
import { revokeToken } from "../revoke-token.js";
import { verifyIdToken } from "../verify-id-token.js";

const ENDPOINTS = {
  authorization: "https://id.twitch.tv/oauth2/authorize",
  token: "https://id.twitch.tv/oauth2/token",
  userInfo: "https://id.twitch.tv/oauth2/userinfo",
  jwks: "https://id.twitch.tv/oauth2/keys",
  revocation: "https://id.twitch.tv/oauth2/revoke",
} satisfies Required<ProviderEndpoints>;
const ISSUER = "https://id.twitch.tv/oauth2";

// Twitch puts only sub (and a few technical claims) in its ID token unless asked, claim by claim,
// through the OIDC `claims` request parameter (OIDC Core §5.5).
const PROFILE_CLAIMS = { email: null, email_verified: null, picture: null, preferred_username: null };
const CLAIMS_PARAM = JSON.stringify({ id_token: PROFILE_CLAIMS, userinfo: PROFILE_CLAIMS });

/** Twitch options on top of the common ones. */
export interface TwitchOptions extends ProviderConfig {
  /** Expected ID token issuer; default `https://id.twitch.tv/oauth2`. For test servers. */
  issuer?: string;
}

/**
 * Twitch (OpenID Connect). Scopes `openid user:read:email`, with the `claims` parameter asking for
 * email, email_verified, picture and preferred_username. No PKCE: Twitch does not support it.
 */
export function twitch(config: TwitchOptions): OAuthProvider {
  const endpoints: Required<ProviderEndpoints> = { ...ENDPOINTS, ...config.endpoints };
  const defaults = config.disableDefaultScope ? [] : ["openid", "user:read:email"];
  const client = { clientId: config.clientId, clientSecret: config.clientSecret, fetch: config.fetch };

  return {
    id: "twitch",
    name: "Twitch",
    disableSignUp: config.disableSignUp,
    disableImplicitSignUp: config.disableImplicitSignUp,
    createAuthorizationURL: ({ state, redirectURI, scopes, nonce }) =>
      authorizationURL(endpoints.authorization, {
        clientId: config.clientId,
        redirectURI: config.redirectURI ?? redirectURI,
        state,
        scopes: [...new Set([...defaults, ...(config.scope ?? []), ...(scopes ?? [])])],
        nonce,
        extra: { claims: CLAIMS_PARAM },
      }),
    validateAuthorizationCode: ({ code, redirectURI }) =>
      exchangeAuthorizationCode(endpoints.token, { code, redirectURI: config.redirectURI ?? redirectURI }, client),
    refreshAccessToken: (refreshToken) => refreshAccessToken(endpoints.token, refreshToken, client),
    revokeToken: (token) => revokeToken(endpoints.revocation, token, client),
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
      let claims: Record<string, unknown> | null = idClaims;
      if (!claims?.email && tokens.accessToken) {
        const info = (await fetchJson(endpoints.userInfo, tokens.accessToken, { fetch: config.fetch })) as Record<
          string,
          unknown
        > | null;
        // OIDC Core §5.3.4: user info about another subject than the ID token's is not this user.
        if (info && typeof info.sub === "string" && (!idClaims || info.sub === idClaims.sub)) {
          claims = { ...info, ...idClaims, email: idClaims?.email ?? info.email };
        }
      }
      if (!claims) return null;
      const email = stringClaim(claims, "email") ?? null;
      const profile = {
        id: String(claims.sub),
        email,
        emailVerified: email !== null && isTrue(claims.email_verified),
        name: stringClaim(claims, "preferred_username") ?? "",
        image: stringClaim(claims, "picture") ?? null,
      };
      return config.mapProfile ? config.mapProfile(profile, claims) : profile;
    },
  };
}
