import { isTrue, readIdTokenClaims, stringClaim } from "../id-token-claims.js";
import { authorizationURL, exchangeAuthorizationCode, refreshAccessToken } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig, ProviderEndpoints } from "../oauth-provider.js";
import { revokeToken } from "../revoke-token.js";
import { verifyIdToken } from "../verify-id-token.js";

// Apple has no user-info endpoint: everything it tells about the user is in the ID token.
const ENDPOINTS = {
  authorization: "https://appleid.apple.com/auth/authorize",
  token: "https://appleid.apple.com/auth/token",
  jwks: "https://appleid.apple.com/auth/keys",
  revocation: "https://appleid.apple.com/auth/revoke",
} satisfies Omit<Required<ProviderEndpoints>, "userInfo">;
const ISSUER = "https://appleid.apple.com";

/** Apple options on top of the common ones. */
export interface AppleOptions extends ProviderConfig {
  /**
   * The client secret is not a fixed string at Apple: it is a JWT (ES256) that the developer signs
   * with the key from their Apple developer account and renews at least every six months.
   */
  clientSecret?: string;
  /** Other audiences whose ID tokens are accepted, e.g. the app bundle id of a native iOS app. */
  audience?: string[];
  /** Expected ID token issuer; default `https://appleid.apple.com`. For test servers. */
  issuer?: string;
}

/**
 * Sign in with Apple. Scopes `name email`; because they ask for user data Apple requires
 * `response_mode=form_post`, so Apple POSTs the callback. PKCE S256. The profile comes from the ID
 * token (Apple sends `email_verified` as a string); the name, which Apple sends only on the first
 * authorization and outside the token, comes from the callback's `user` JSON.
 */
export function apple(config: AppleOptions): OAuthProvider {
  const endpoints = { ...ENDPOINTS, ...config.endpoints };
  const defaults = config.disableDefaultScope ? [] : ["name", "email"];
  const client = { clientId: config.clientId, clientSecret: config.clientSecret, fetch: config.fetch };
  const audience = [config.clientId, ...(config.audience ?? [])];

  return {
    id: "apple",
    name: "Apple",
    responseMode: "form_post",
    // Apple has no user-info endpoint.
    accountInfoFromIdToken: true,
    disableSignUp: config.disableSignUp,
    disableImplicitSignUp: config.disableImplicitSignUp,
    createAuthorizationURL: ({ state, codeVerifier, redirectURI, scopes, nonce }) =>
      authorizationURL(endpoints.authorization, {
        clientId: config.clientId,
        redirectURI: config.redirectURI ?? redirectURI,
        state,
        codeVerifier,
        scopes: [...new Set([...defaults, ...(config.scope ?? []), ...(scopes ?? [])])],
        nonce,
        extra: { response_mode: "form_post" },
      }),
    validateAuthorizationCode: ({ code, codeVerifier, redirectURI }) =>
      exchangeAuthorizationCode(
        endpoints.token,
        { code, codeVerifier, redirectURI: config.redirectURI ?? redirectURI },
        client,
      ),
    refreshAccessToken: (refreshToken) => refreshAccessToken(endpoints.token, refreshToken, client),
    revokeToken: (token) => revokeToken(endpoints.revocation, token, { ...client, tokenTypeHint: "access_token" }),
    async verifyIdToken(idToken, nonce) {
      const claims = await verifyIdToken(idToken, {
        jwksUrl: endpoints.jwks,
        issuer: config.issuer ?? ISSUER,
        audience,
        nonce,
        fetch: config.fetch,
      });
      return claims !== null;
    },
    async getUserInfo(tokens, callback) {
      const claims = await readIdTokenClaims(tokens.idToken, audience);
      if (!claims) return null;
      const email = stringClaim(claims, "email") ?? null;
      const profile = {
        id: String(claims.sub),
        email,
        emailVerified: email !== null && isTrue(claims.email_verified),
        name: stringClaim(claims, "name") ?? nameFromAppleUser(callback?.user),
        image: null,
      };
      return config.mapProfile ? config.mapProfile(profile, claims) : profile;
    },
  };
}

/**
 * The name in Apple's one-time `user` form field, `{"name":{"firstName","lastName"},"email"}`. It
 * arrives through the browser, so anything malformed simply yields no name (never an error).
 */
function nameFromAppleUser(raw: string | undefined): string {
  if (!raw) return "";
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return "";
  }
  const name = parsed && typeof parsed === "object" ? (parsed as { name?: unknown }).name : undefined;
  if (!name || typeof name !== "object") return "";
  const part = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const { firstName, lastName } = name as { firstName?: unknown; lastName?: unknown };
  return [part(firstName), part(lastName)].filter(Boolean).join(" ").slice(0, 256);
}
