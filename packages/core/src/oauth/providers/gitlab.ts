import { authorizationURL, exchangeAuthorizationCode, fetchJson, refreshAccessToken } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig } from "../oauth-provider.js";
import { revokeToken } from "../revoke-token.js";

/** GitLab options on top of the common ones. */
export interface GitLabOptions extends ProviderConfig {
  /** The GitLab instance, for self-managed GitLab; default `https://gitlab.com`. */
  issuer?: string;
}

interface GitLabUser {
  id: number;
  username: string;
  name?: string | null;
  email?: string | null;
  avatar_url?: string | null;
  /** When the user confirmed their primary email; null while unconfirmed. */
  confirmed_at?: string | null;
  state?: string;
}

/**
 * GitLab.com or a self-managed instance (`issuer`). Scope `read_user`, PKCE S256. The profile is the
 * REST API's /api/v4/user; its email counts as verified once GitLab records a confirmation.
 */
export function gitlab(config: GitLabOptions): OAuthProvider {
  const base = (config.issuer ?? "https://gitlab.com").replace(/\/+$/, "");
  const endpoints = {
    authorization: `${base}/oauth/authorize`,
    token: `${base}/oauth/token`,
    userInfo: `${base}/api/v4/user`,
    revocation: `${base}/oauth/revoke`,
    ...config.endpoints,
  };
  const defaults = config.disableDefaultScope ? [] : ["read_user"];
  const client = { clientId: config.clientId, clientSecret: config.clientSecret, fetch: config.fetch };

  return {
    id: "gitlab",
    name: "GitLab",
    disableSignUp: config.disableSignUp,
    disableImplicitSignUp: config.disableImplicitSignUp,
    createAuthorizationURL: ({ state, codeVerifier, redirectURI, scopes, loginHint }) =>
      authorizationURL(endpoints.authorization, {
        clientId: config.clientId,
        redirectURI: config.redirectURI ?? redirectURI,
        state,
        codeVerifier,
        scopes: [...new Set([...defaults, ...(config.scope ?? []), ...(scopes ?? [])])],
        loginHint,
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
      })) as GitLabUser | null;
      // A blocked or deactivated account is not let in even if a token was still issued.
      if (!user || user.id === undefined || (user.state && user.state !== "active")) return null;
      const email = user.email || null;
      const profile = {
        id: String(user.id),
        email,
        emailVerified: email !== null && Boolean(user.confirmed_at),
        name: user.name || user.username,
        image: user.avatar_url ?? null,
      };
      return config.mapProfile ? config.mapProfile(profile, user) : profile;
    },
  };
}
