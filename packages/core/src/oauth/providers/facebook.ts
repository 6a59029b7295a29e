import type { ProviderConfig } from "../oauth-provider.js";
import { sendRevocation } from "../send-revocation.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";

const GRAPH_VERSION = "v21.0";
const ENDPOINTS = {
  authorization: `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`,
  token: `https://graph.facebook.com/${GRAPH_VERSION}/oauth/access_token`,
  userInfo: `https://graph.facebook.com/${GRAPH_VERSION}/me`,
  // Graph API: deleting the user's permissions de-authorizes the app and invalidates its tokens.
  revocation: `https://graph.facebook.com/${GRAPH_VERSION}/me/permissions`,
} satisfies DefinedEndpoints;
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
export const facebook = defineProvider<FacebookOptions>({
  id: "facebook",
  name: "Facebook",
  endpoints: ENDPOINTS,
  defaultScopes: ["email", "public_profile"],
  scopeSeparator: ",",
  pkce: true,
  clientAuthentication: "post",
  refresh: false,
  revoke: (token, { endpoints, config }) =>
    sendRevocation(
      endpoints.revocation ?? ENDPOINTS.revocation,
      { method: "DELETE", headers: { authorization: `Bearer ${token}` } },
      config.fetch,
    ),
  userInfo(tokens, { endpoints, config, getJson }) {
    if (!tokens.accessToken) return Promise.resolve(null);
    const url = new URL(endpoints.userInfo ?? ENDPOINTS.userInfo);
    url.searchParams.set("fields", [...new Set([...DEFAULT_FIELDS, ...(config.fields ?? [])])].join(","));
    return getJson(url.toString(), tokens.accessToken);
  },
  profile: (user: FacebookUser) =>
    typeof user.id !== "string"
      ? null
      : {
          id: user.id,
          email: user.email || null,
          emailVerified: false,
          name: user.name ?? "",
          image: user.picture?.data?.url ?? null,
        },
});
