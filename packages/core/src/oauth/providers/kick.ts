import { authorizationURL, exchangeAuthorizationCode, fetchJson, refreshAccessToken } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig, ProviderEndpoints } from "../oauth-provider.js";
import { sendRevocation } from "../send-revocation.js";

const ENDPOINTS = {
  authorization: "https://id.kick.com/oauth/authorize",
  token: "https://id.kick.com/oauth/token",
  userInfo: "https://api.kick.com/public/v1/users",
  revocation: "https://id.kick.com/oauth/revoke",
} satisfies ProviderEndpoints;

/** Kick's public API wraps results in `data`; /users without ids lists just the token's user. */
interface KickUsers {
  data?: { user_id: number; name: string; email?: string; profile_picture?: string }[];
}

/**
 * Kick (OAuth 2.1). Scope `user:read`, PKCE S256 (Kick requires it). The profile is the public API's
 * /public/v1/users; Kick does not say whether the email is verified, so it is not counted as verified.
 */
export function kick(config: ProviderConfig): OAuthProvider {
  const endpoints = { ...ENDPOINTS, ...config.endpoints };
  const defaults = config.disableDefaultScope ? [] : ["user:read"];
  const client = { clientId: config.clientId, clientSecret: config.clientSecret, fetch: config.fetch };
  return {
    id: "kick",
    name: "Kick",
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
    revokeToken: (token) => {
      // Kick takes the token and its kind as query parameters, not a form.
      const url = new URL(endpoints.revocation);
      url.searchParams.set("token", token);
      url.searchParams.set("token_hint_type", "access_token");
      return sendRevocation(url.toString(), {}, config.fetch);
    },
    async getUserInfo(tokens) {
      if (!tokens.accessToken) return null;
      const body = (await fetchJson(endpoints.userInfo, tokens.accessToken, {
        fetch: config.fetch,
      })) as KickUsers | null;
      const user = Array.isArray(body?.data) ? body.data[0] : undefined;
      if (!user || user.user_id === undefined) return null;
      const profile = {
        id: String(user.user_id),
        email: user.email || null,
        emailVerified: false,
        name: user.name,
        image: user.profile_picture || null,
      };
      return config.mapProfile ? config.mapProfile(profile, user) : profile;
    },
  };
}
