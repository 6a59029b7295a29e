import { authorizationURL, exchangeAuthorizationCode, fetchJson, refreshAccessToken } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig, ProviderEndpoints } from "../oauth-provider.js";
import { revokeToken } from "../revoke-token.js";

const ENDPOINTS = {
  authorization: "https://x.com/i/oauth2/authorize",
  token: "https://api.x.com/2/oauth2/token",
  userInfo: "https://api.x.com/2/users/me",
  revocation: "https://api.x.com/2/oauth2/revoke",
} satisfies ProviderEndpoints;
const USER_FIELDS = "id,name,username,profile_image_url,confirmed_email";

/** X API v2 wraps every object in `data`. */
interface TwitterMe {
  data?: {
    id: string;
    name?: string;
    username: string;
    profile_image_url?: string;
    /** Present only with the `users.email` scope, and only for a confirmed address. */
    confirmed_email?: string;
  };
}

/**
 * X (Twitter) OAuth 2.0. PKCE S256 is mandatory at X; a confidential client authenticates with HTTP
 * Basic. Scopes `users.read tweet.read offline.access users.email` (offline.access for a refresh
 * token, users.email for `confirmed_email`, which X only reports once the user confirmed it).
 */
export function twitter(config: ProviderConfig): OAuthProvider {
  const endpoints = { ...ENDPOINTS, ...config.endpoints };
  const defaults = config.disableDefaultScope ? [] : ["users.read", "tweet.read", "offline.access", "users.email"];
  const client = {
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    // A public client (no secret) identifies itself with client_id in the body instead.
    authentication: config.clientSecret ? ("basic" as const) : ("post" as const),
    fetch: config.fetch,
  };
  return {
    id: "twitter",
    name: "X",
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
    revokeToken: (token) => revokeToken(endpoints.revocation, token, { ...client, tokenTypeHint: "access_token" }),
    async getUserInfo(tokens) {
      if (!tokens.accessToken) return null;
      const url = new URL(endpoints.userInfo);
      url.searchParams.set("user.fields", USER_FIELDS);
      const me = (await fetchJson(url.toString(), tokens.accessToken, { fetch: config.fetch })) as TwitterMe | null;
      const user = me?.data;
      if (!user || typeof user.id !== "string") return null;
      const email = user.confirmed_email || null;
      const profile = {
        id: user.id,
        email,
        emailVerified: email !== null,
        name: user.name || user.username,
        image: user.profile_image_url ?? null,
      };
      return config.mapProfile ? config.mapProfile(profile, me) : profile;
    },
  };
}
