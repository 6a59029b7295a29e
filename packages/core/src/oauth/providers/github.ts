import { authorizationURL, exchangeAuthorizationCode, fetchJson, refreshAccessToken } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig, ProviderEndpoints } from "../oauth-provider.js";
import { sendRevocation } from "../send-revocation.js";

const ENDPOINTS: ProviderEndpoints = {
  authorization: "https://github.com/login/oauth/authorize",
  token: "https://github.com/login/oauth/access_token",
  userInfo: "https://api.github.com/user",
};

interface GithubUser {
  id: number;
  login: string;
  name: string | null;
  email: string | null;
  avatar_url?: string;
}
interface GithubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/**
 * GitHub (OAuth app or GitHub app). Scopes `read:user user:email`. GitHub's /user shows only the public
 * email, so /user/emails supplies the primary address and whether it is verified. Revocation deletes
 * the app's token (`DELETE /applications/{client_id}/token`).
 */
export function github(config: ProviderConfig): OAuthProvider {
  const endpoints = {
    ...ENDPOINTS,
    revocation: `https://api.github.com/applications/${encodeURIComponent(config.clientId)}/token`,
    ...config.endpoints,
  };
  const defaults = config.disableDefaultScope ? [] : ["read:user", "user:email"];
  const http = { fetch: config.fetch, headers: { "user-agent": "gatehouse" } };
  const client = { clientId: config.clientId, clientSecret: config.clientSecret, fetch: config.fetch };
  return {
    id: "github",
    name: "GitHub",
    disableSignUp: config.disableSignUp,
    disableImplicitSignUp: config.disableImplicitSignUp,
    createAuthorizationURL: ({ state, codeVerifier, redirectURI, scopes, loginHint }) =>
      authorizationURL(endpoints.authorization, {
        clientId: config.clientId,
        redirectURI: config.redirectURI ?? redirectURI,
        state,
        codeVerifier,
        scopes: [...defaults, ...(config.scope ?? []), ...(scopes ?? [])],
        extra: { login: loginHint },
      }),
    validateAuthorizationCode: ({ code, codeVerifier, redirectURI }) =>
      exchangeAuthorizationCode(
        endpoints.token,
        { code, codeVerifier, redirectURI: config.redirectURI ?? redirectURI },
        client,
      ),
    refreshAccessToken: (refreshToken) => refreshAccessToken(endpoints.token, refreshToken, client),
    // GitHub has no RFC 7009 endpoint: the app authenticates with Basic auth and names the token in JSON.
    revokeToken: (token) =>
      sendRevocation(
        endpoints.revocation,
        {
          method: "DELETE",
          headers: {
            ...http.headers,
            accept: "application/vnd.github+json",
            authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret ?? ""}`)}`,
          },
          json: { access_token: token },
        },
        config.fetch,
      ),
    async getUserInfo(tokens) {
      if (!tokens.accessToken) return null;
      const user = (await fetchJson(endpoints.userInfo, tokens.accessToken, http)) as GithubUser | null;
      if (!user || user.id === undefined) return null;
      const emails = (await fetchJson(`${endpoints.userInfo}/emails`, tokens.accessToken, http)) as
        | GithubEmail[]
        | null;
      const list = Array.isArray(emails) ? emails : [];
      const primary = list.find((e) => e.primary) ?? list.find((e) => e.email === user.email);
      const email = primary?.email ?? user.email ?? null;
      const profile = {
        id: String(user.id),
        email,
        emailVerified: Boolean(primary?.verified),
        name: user.name || user.login,
        image: user.avatar_url ?? null,
      };
      return config.mapProfile ? config.mapProfile(profile, user) : profile;
    },
  };
}
