import { profileFromClaims } from "../id-token-claims.js";
import type { ProviderConfig } from "../oauth-provider.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { oidcUserInfo } from "./oidc-user-info.js";

const ENDPOINTS = {
  authorization: "https://slack.com/openid/connect/authorize",
  token: "https://slack.com/api/openid.connect.token",
  userInfo: "https://slack.com/api/openid.connect.userInfo",
  jwks: "https://slack.com/openid/connect/keys",
} satisfies DefinedEndpoints;
const ISSUER = "https://slack.com";

/** Slack options on top of the common ones. */
export interface SlackOptions extends ProviderConfig {
  /** Preselect a workspace by its team id (Slack's `team` parameter). */
  team?: string;
  /** Expected ID token issuer; default `https://slack.com`. For test servers. */
  issuer?: string;
}

/**
 * Sign in with Slack (OpenID Connect). Scopes `openid profile email`, client secret in the token form,
 * no PKCE (Slack's OIDC docs do not offer it). The ID token is verified against Slack's JWKS; the
 * profile comes from its claims (`sub` is the Slack user id, unique per workspace), Slack's
 * `email_verified` taken as given; user info fills in when there is no ID token. Slack's access
 * tokens from this flow do not expire and there is no refresh.
 */
export const slack = defineProvider<SlackOptions>({
  id: "slack",
  name: "Slack",
  endpoints: ENDPOINTS,
  defaultScopes: ["openid", "profile", "email"],
  pkce: false,
  clientAuthentication: "post",
  authorizationParams: (config) => ({ team: config.team }),
  idToken: { issuer: (config) => config.issuer ?? ISSUER },
  refresh: false,
  userInfo: (tokens, ctx) => oidcUserInfo(tokens, ctx, "id-token"),
  profile: (claims: Record<string, unknown>) => (typeof claims.sub !== "string" ? null : profileFromClaims(claims)),
});
