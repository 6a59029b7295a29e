import type { ProviderConfig } from "../oauth-provider.js";
import { sendRevocation } from "../send-revocation.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";

const ENDPOINTS = {
  authorization: "https://www.reddit.com/api/v1/authorize",
  token: "https://www.reddit.com/api/v1/access_token",
  // API calls with a bearer token go to oauth.reddit.com, not www.
  userInfo: "https://oauth.reddit.com/api/v1/me",
  revocation: "https://www.reddit.com/api/v1/revoke_token",
} satisfies DefinedEndpoints;

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
export const reddit = defineProvider<RedditOptions>({
  id: "reddit",
  name: "Reddit",
  endpoints: ENDPOINTS,
  defaultScopes: ["identity"],
  pkce: false,
  clientAuthentication: "basic",
  headers: (config) => ({ "user-agent": config.userAgent ?? "web:gatehouse:v1 (Gatehouse auth)" }),
  authorizationParams: (config) => ({ duration: config.duration ?? "permanent" }),
  revoke: (token, { endpoints, config, headers }) =>
    sendRevocation(
      endpoints.revocation ?? ENDPOINTS.revocation,
      {
        headers: {
          ...headers,
          authorization: `Basic ${btoa(`${encodeURIComponent(config.clientId)}:${encodeURIComponent(config.clientSecret ?? "")}`)}`,
        },
        form: { token, token_type_hint: "access_token" },
      },
      config.fetch,
    ),
  profile: (user: RedditUser) =>
    typeof user.id !== "string"
      ? null
      : {
          id: user.id,
          email: null,
          emailVerified: false,
          name: user.name,
          // Reddit HTML-escapes the query string of its image URLs.
          image: (user.snoovatar_img || user.icon_img || "").replaceAll("&amp;", "&") || null,
        },
});
