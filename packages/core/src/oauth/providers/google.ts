import { profileFromClaims, readIdTokenClaims } from "../id-token-claims.js";
import { authorizationURL, exchangeAuthorizationCode, fetchJson, refreshAccessToken } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig, ProviderEndpoints } from "../oauth-provider.js";
import { revokeToken } from "../revoke-token.js";
import { verifyIdToken } from "../verify-id-token.js";

const ENDPOINTS = {
  authorization: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  userInfo: "https://openidconnect.googleapis.com/v1/userinfo",
  jwks: "https://www.googleapis.com/oauth2/v3/certs",
  revocation: "https://oauth2.googleapis.com/revoke",
} satisfies Required<ProviderEndpoints>;
// Google documents both spellings of its issuer.
const ISSUERS = ["https://accounts.google.com", "accounts.google.com"];

/** Google options on top of the common ones. */
export interface GoogleOptions extends ProviderConfig {
  /** `offline` to receive a refresh token. Default: Google's (`online`). */
  accessType?: "offline" | "online";
  /** e.g. `select_account`, `consent` (needed to get a refresh token again), space-separated. */
  prompt?: string;
  /** Google Workspace domain the account must belong to; checked on the ID token, not only hinted. */
  hd?: string;
  /** Expected ID token issuer(s); default Google's. For proxies and test servers. */
  issuer?: string | string[];
  /** Other client ids whose ID tokens are accepted too (e.g. the Android or iOS client of the app). */
  audience?: string[];
}

/**
 * Google (OpenID Connect). Scopes `openid email profile`, PKCE S256. The profile comes from the ID
 * token; ID tokens from Google Sign-In SDKs are accepted through `verifyIdToken`.
 */
export function google(config: GoogleOptions): OAuthProvider {
  const endpoints: Required<ProviderEndpoints> = { ...ENDPOINTS, ...config.endpoints };
  const defaults = config.disableDefaultScope ? [] : ["openid", "email", "profile"];
  const client = { clientId: config.clientId, clientSecret: config.clientSecret, fetch: config.fetch };
  const audience = [config.clientId, ...(config.audience ?? [])];
  // `hd` in the URL only preselects accounts; Google says to check the claim (`*` means any Workspace).
  const domainOk = (claims: Record<string, unknown>) =>
    !config.hd || (config.hd === "*" ? typeof claims.hd === "string" : claims.hd === config.hd);

  return {
    id: "google",
    name: "Google",
    disableSignUp: config.disableSignUp,
    disableImplicitSignUp: config.disableImplicitSignUp,
    createAuthorizationURL: ({ state, codeVerifier, redirectURI, scopes, loginHint, nonce }) =>
      authorizationURL(endpoints.authorization, {
        clientId: config.clientId,
        redirectURI: config.redirectURI ?? redirectURI,
        state,
        codeVerifier,
        scopes: [...new Set([...defaults, ...(config.scope ?? []), ...(scopes ?? [])])],
        loginHint,
        nonce,
        extra: {
          access_type: config.accessType,
          prompt: config.prompt,
          hd: config.hd,
          include_granted_scopes: "true",
        },
      }),
    validateAuthorizationCode: ({ code, codeVerifier, redirectURI }) =>
      exchangeAuthorizationCode(
        endpoints.token,
        { code, codeVerifier, redirectURI: config.redirectURI ?? redirectURI },
        client,
      ),
    refreshAccessToken: (refreshToken) => refreshAccessToken(endpoints.token, refreshToken, client),
    revokeToken: (token) => revokeToken(endpoints.revocation, token, client),
    async verifyIdToken(idToken, nonce) {
      const claims = await verifyIdToken(idToken, {
        jwksUrl: endpoints.jwks,
        issuer: config.issuer ?? ISSUERS,
        audience,
        nonce,
        fetch: config.fetch,
      });
      return claims !== null && domainOk(claims);
    },
    async getUserInfo(tokens) {
      let claims: Record<string, unknown> | null = await readIdTokenClaims(tokens.idToken, audience);
      if (!claims && tokens.accessToken) {
        claims = (await fetchJson(endpoints.userInfo, tokens.accessToken, { fetch: config.fetch })) as Record<
          string,
          unknown
        > | null;
      }
      if (!claims || typeof claims.sub !== "string" || !domainOk(claims)) return null;
      const profile = profileFromClaims(claims);
      return config.mapProfile ? config.mapProfile(profile, claims) : profile;
    },
  };
}
