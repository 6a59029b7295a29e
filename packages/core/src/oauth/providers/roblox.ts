import { authorizationURL, exchangeAuthorizationCode, fetchJson, refreshAccessToken } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig, ProviderEndpoints } from "../oauth-provider.js";
import { revokeToken } from "../revoke-token.js";

const ENDPOINTS = {
  authorization: "https://apis.roblox.com/oauth/v1/authorize",
  token: "https://apis.roblox.com/oauth/v1/token",
  userInfo: "https://apis.roblox.com/oauth/v1/userinfo",
  revocation: "https://apis.roblox.com/oauth/v1/token/revoke",
} satisfies ProviderEndpoints;

/** Roblox options on top of the common ones. */
export interface RobloxOptions extends ProviderConfig {
  /** `login`, `consent`, `select_account`, `none`, or several space-separated. */
  prompt?: string;
}

/** The OIDC-style claims of Roblox's /oauth/v1/userinfo (`profile` scope). */
interface RobloxUserInfo {
  sub: string;
  name?: string;
  nickname?: string;
  preferred_username?: string;
  picture?: string | null;
}

/**
 * Roblox (OAuth 2.0 with OIDC). Scopes `openid profile`, PKCE S256. The profile is the OIDC-style
 * /oauth/v1/userinfo. Roblox shares no email with apps, so the profile's email is null: sign-in needs a
 * mapProfile that supplies one.
 */
export function roblox(config: RobloxOptions): OAuthProvider {
  const endpoints = { ...ENDPOINTS, ...config.endpoints };
  const defaults = config.disableDefaultScope ? [] : ["openid", "profile"];
  const client = { clientId: config.clientId, clientSecret: config.clientSecret, fetch: config.fetch };
  return {
    id: "roblox",
    name: "Roblox",
    disableSignUp: config.disableSignUp,
    disableImplicitSignUp: config.disableImplicitSignUp,
    createAuthorizationURL: ({ state, codeVerifier, redirectURI, scopes, nonce }) =>
      authorizationURL(endpoints.authorization, {
        clientId: config.clientId,
        redirectURI: config.redirectURI ?? redirectURI,
        state,
        codeVerifier,
        nonce,
        scopes: [...new Set([...defaults, ...(config.scope ?? []), ...(scopes ?? [])])],
        extra: { prompt: config.prompt },
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
      const info = (await fetchJson(endpoints.userInfo, tokens.accessToken, {
        fetch: config.fetch,
      })) as RobloxUserInfo | null;
      if (!info || typeof info.sub !== "string") return null;
      const profile = {
        id: info.sub,
        email: null,
        emailVerified: false,
        // `nickname` is the display name; `preferred_username` the unique username.
        name: info.nickname || info.name || info.preferred_username || "",
        image: info.picture || null,
      };
      return config.mapProfile ? config.mapProfile(profile, info) : profile;
    },
  };
}
