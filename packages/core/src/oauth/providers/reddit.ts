import { authorizationURL, exchangeAuthorizationCode, fetchJson, refreshAccessToken } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig, ProviderEndpoints } from "../oauth-provider.js";
import { sendRevocation } from "../send-revocation.js";

const ENDPOINTS = {
  authorization: "https://www.reddit.com/api/v1/authorize",
  token: "https://www.reddit.com/api/v1/access_token",
  // API calls with a bearer token go to oauth.reddit.com, not www.
  userInfo: "https://oauth.reddit.com/api/v1/me",
  revocation: "https://www.reddit.com/api/v1/revoke_token",
} satisfies ProviderEndpoints;

/** Reddit options on top of the common ones. */
export interface RedditOptions extends ProviderConfig {
  /** `permanent` (default) returns a refresh token; `temporary` a one-hour token only. */
  duration?: "permanent" | "temporary";
  /** Reddit's API rules ask for a unique, descriptive User-Agent, e.g. `web:com.example.app:v1.0 (by /u/you)`. */
  userAgent?: string;
}

interface RedditUser {
  id: string;
  name: string;
  icon_img?: string;
  snoovatar_img?: string;
  has_verified_email?: boolean;
}

/**
 * Reddit. Scope `identity`, `duration=permanent` for a refresh token, client authentication HTTP Basic
 * (Reddit's only method), no PKCE (Reddit does not support it). Every call carries a User-Agent, as
 * Reddit's API rules require. The profile is /api/v1/me, which has no email address: the profile's
 * email is null, so sign-in needs a mapProfile that supplies one.
 */
export function reddit(config: RedditOptions): OAuthProvider {
  const endpoints = { ...ENDPOINTS, ...config.endpoints };
  const defaults = config.disableDefaultScope ? [] : ["identity"];
  const headers = { "user-agent": config.userAgent ?? "web:gatehouse:v1 (Gatehouse auth)" };
  const client = {
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    authentication: "basic" as const,
    fetch: config.fetch,
    headers,
  };
  const basic = `Basic ${btoa(`${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret ?? "")}`)}`;
  return {
    id: "reddit",
    name: "Reddit",
    disableSignUp: config.disableSignUp,
    disableImplicitSignUp: config.disableImplicitSignUp,
    createAuthorizationURL: ({ state, redirectURI, scopes }) =>
      authorizationURL(endpoints.authorization, {
        clientId: config.clientId,
        redirectURI: config.redirectURI ?? redirectURI,
        state,
        scopes: [...new Set([...defaults, ...(config.scope ?? []), ...(scopes ?? [])])],
        extra: { duration: config.duration ?? "permanent" },
      }),
    validateAuthorizationCode: ({ code, redirectURI }) =>
      exchangeAuthorizationCode(endpoints.token, { code, redirectURI: config.redirectURI ?? redirectURI }, client),
    refreshAccessToken: (refreshToken) => refreshAccessToken(endpoints.token, refreshToken, client),
    revokeToken: (token) =>
      sendRevocation(
        endpoints.revocation,
        { headers: { ...headers, authorization: basic }, form: { token, token_type_hint: "access_token" } },
        config.fetch,
      ),
    async getUserInfo(tokens) {
      if (!tokens.accessToken) return null;
      const user = (await fetchJson(endpoints.userInfo, tokens.accessToken, {
        fetch: config.fetch,
        headers,
      })) as RedditUser | null;
      if (!user || typeof user.id !== "string") return null;
      // Reddit HTML-escapes the query string of its image URLs.
      const image = (user.snoovatar_img || user.icon_img || "").replaceAll("&amp;", "&") || null;
      const profile = { id: user.id, email: null, emailVerified: false, name: user.name, image };
      return config.mapProfile ? config.mapProfile(profile, user) : profile;
    },
  };
}
