import { authorizationURL, exchangeAuthorizationCode, fetchJson, refreshAccessToken } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig, ProviderEndpoints } from "../oauth-provider.js";
import { revokeToken } from "../revoke-token.js";

const ENDPOINTS = {
  authorization: "https://zoom.us/oauth/authorize",
  token: "https://zoom.us/oauth/token",
  userInfo: "https://api.zoom.us/v2/users/me",
  revocation: "https://zoom.us/oauth/revoke",
} satisfies ProviderEndpoints;

interface ZoomUser {
  id: string;
  first_name?: string;
  last_name?: string;
  display_name?: string;
  email?: string;
  pic_url?: string;
  /** 1 when Zoom verified the account's email, 0 otherwise. */
  verified?: number;
}

/**
 * Zoom (user-managed OAuth app). Scope `user:read:user`, PKCE S256, client authentication HTTP Basic as
 * Zoom requires. The profile is /v2/users/me; its email counts as verified when `verified` is 1.
 */
export function zoom(config: ProviderConfig): OAuthProvider {
  const endpoints = { ...ENDPOINTS, ...config.endpoints };
  const defaults = config.disableDefaultScope ? [] : ["user:read:user"];
  const client = {
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authentication: "basic" as const,
    fetch: config.fetch,
  };
  return {
    id: "zoom",
    name: "Zoom",
    disableSignUp: config.disableSignUp,
    disableImplicitSignUp: config.disableImplicitSignUp,
    createAuthorizationURL: ({ state, codeVerifier, redirectURI, scopes }) =>
      authorizationURL(endpoints.authorization, {
        clientId: config.clientId,
        redirectURI: config.redirectURI ?? redirectURI,
        state,
        codeVerifier,
        scopes: [...new Set([...defaults, ...(config.scope ?? []), ...(scopes ?? [])])],
      }),
    validateAuthorizationCode: ({ code, codeVerifier, redirectURI }) =>
      exchangeAuthorizationCode(
        endpoints.token,
        { code, codeVerifier, redirectURI: config.redirectURI ?? redirectURI },
        client,
      ),
    refreshAccessToken: (refreshToken) => refreshAccessToken(endpoints.token, refreshToken, client),
    revokeToken: (token) => revokeToken(endpoints.revocation, token, client),
    async getUserInfo(tokens) {
      if (!tokens.accessToken) return null;
      const user = (await fetchJson(endpoints.userInfo, tokens.accessToken, {
        fetch: config.fetch,
      })) as ZoomUser | null;
      if (!user || typeof user.id !== "string") return null;
      const email = user.email || null;
      const fullName = [user.first_name, user.last_name].filter(Boolean).join(" ");
      const profile = {
        id: user.id,
        email,
        emailVerified: email !== null && user.verified === 1,
        name: user.display_name || fullName,
        image: user.pic_url || null,
      };
      return config.mapProfile ? config.mapProfile(profile, user) : profile;
    },
  };
}
