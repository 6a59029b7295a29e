import { authorizationURL, exchangeAuthorizationCode, fetchJson, refreshAccessToken } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig, ProviderEndpoints } from "../oauth-provider.js";

const ENDPOINTS = {
  authorization: "https://accounts.spotify.com/authorize",
  token: "https://accounts.spotify.com/api/token",
  userInfo: "https://api.spotify.com/v1/me",
} satisfies ProviderEndpoints;

interface SpotifyUser {
  id: string;
  display_name?: string | null;
  email?: string;
  images?: { url: string; height: number | null; width: number | null }[];
}

/**
 * Spotify. Scope `user-read-email`, PKCE S256, client authentication HTTP Basic (as Spotify's token
 * docs show). The profile is /v1/me; Spotify does not say whether the email is verified, so it is not
 * counted as verified. Spotify has no token revocation endpoint.
 */
export function spotify(config: ProviderConfig): OAuthProvider {
  const endpoints = { ...ENDPOINTS, ...config.endpoints };
  const defaults = config.disableDefaultScope ? [] : ["user-read-email"];
  const client = {
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authentication: "basic" as const,
    fetch: config.fetch,
  };
  return {
    id: "spotify",
    name: "Spotify",
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
    async getUserInfo(tokens) {
      if (!tokens.accessToken) return null;
      const user = (await fetchJson(endpoints.userInfo, tokens.accessToken, {
        fetch: config.fetch,
      })) as SpotifyUser | null;
      if (!user || typeof user.id !== "string") return null;
      // Spotify lists images largest first.
      const profile = {
        id: user.id,
        email: user.email || null,
        emailVerified: false,
        name: user.display_name || user.id,
        image: user.images?.[0]?.url ?? null,
      };
      return config.mapProfile ? config.mapProfile(profile, user) : profile;
    },
  };
}
