import { authorizationURL, exchangeAuthorizationCode, fetchJson } from "../oauth2-client.js";
import type { OAuthProvider, ProviderConfig, ProviderEndpoints } from "../oauth-provider.js";
import { sendRevocation } from "../send-revocation.js";

const GRAPH_VERSION = "v21.0";
const ENDPOINTS = {
  authorization: `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`,
  token: `https://graph.facebook.com/${GRAPH_VERSION}/oauth/access_token`,
  userInfo: `https://graph.facebook.com/${GRAPH_VERSION}/me`,
  // Graph API: deleting the user's permissions de-authorizes the app and invalidates its tokens.
  revocation: `https://graph.facebook.com/${GRAPH_VERSION}/me/permissions`,
} satisfies ProviderEndpoints;
const DEFAULT_FIELDS = ["id", "name", "email", "picture"];

/** Facebook options on top of the common ones. */
export interface FacebookOptions extends ProviderConfig {
  /** Graph API user fields read in addition to id, name, email and picture (they reach mapProfile's raw). */
  fields?: string[];
}

interface FacebookUser {
  id: string;
  name?: string;
  email?: string;
  picture?: { data?: { url?: string; is_silhouette?: boolean } };
}

/**
 * Facebook Login. Scopes `email public_profile` (comma-separated, as Facebook documents), PKCE S256.
 * The profile is the Graph API's /me. Facebook says nothing about whether the email is verified, so it
 * never counts as verified. No refresh tokens: Facebook hands out long-lived access tokens instead.
 */
export function facebook(config: FacebookOptions): OAuthProvider {
  const endpoints = { ...ENDPOINTS, ...config.endpoints };
  const defaults = config.disableDefaultScope ? [] : ["email", "public_profile"];
  const fields = [...new Set([...DEFAULT_FIELDS, ...(config.fields ?? [])])].join(",");
  const client = { clientId: config.clientId, clientSecret: config.clientSecret, fetch: config.fetch };
  return {
    id: "facebook",
    name: "Facebook",
    disableSignUp: config.disableSignUp,
    disableImplicitSignUp: config.disableImplicitSignUp,
    createAuthorizationURL: ({ state, codeVerifier, redirectURI, scopes }) =>
      authorizationURL(endpoints.authorization, {
        clientId: config.clientId,
        redirectURI: config.redirectURI ?? redirectURI,
        state,
        codeVerifier,
        scopes: [...new Set([...defaults, ...(config.scope ?? []), ...(scopes ?? [])])],
        scopeSeparator: ",",
      }),
    validateAuthorizationCode: ({ code, codeVerifier, redirectURI }) =>
      exchangeAuthorizationCode(
        endpoints.token,
        { code, codeVerifier, redirectURI: config.redirectURI ?? redirectURI },
        client,
      ),
    revokeToken: (token) =>
      sendRevocation(
        endpoints.revocation,
        { method: "DELETE", headers: { authorization: `Bearer ${token}` } },
        config.fetch,
      ),
    async getUserInfo(tokens) {
      if (!tokens.accessToken) return null;
      const url = new URL(endpoints.userInfo);
      url.searchParams.set("fields", fields);
      const user = (await fetchJson(url.toString(), tokens.accessToken, {
        fetch: config.fetch,
      })) as FacebookUser | null;
      if (!user || typeof user.id !== "string") return null;
      const profile = {
        id: user.id,
        email: user.email || null,
        emailVerified: false,
        name: user.name ?? "",
        image: user.picture?.data?.url ?? null,
      };
      return config.mapProfile ? config.mapProfile(profile, user) : profile;
    },
  };
}
