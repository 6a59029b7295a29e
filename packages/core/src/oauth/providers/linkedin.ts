import { profileFromClaims } from "../id-token-claims.js";
import type { ProviderConfig } from "../oauth-provider.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { oidcUserInfo } from "./oidc-user-info.js";

const ENDPOINTS = {
  authorization: "https://www.linkedin.com/oauth/v2/authorization",
  token: "https://www.linkedin.com/oauth/v2/accessToken",
  userInfo: "https://api.linkedin.com/v2/userinfo",
  jwks: "https://www.linkedin.com/oauth/openid/jwks",
} satisfies DefinedEndpoints;
const ISSUER = "https://www.linkedin.com";

/** LinkedIn options on top of the common ones. */
export interface LinkedInOptions extends ProviderConfig {
  /** Expected ID token issuer; default `https://www.linkedin.com`. For test servers. */
  issuer?: string;
}

/**
 * LinkedIn, "Sign In with LinkedIn using OpenID Connect". Scopes `openid profile email`. The profile
 * comes from the OIDC user-info endpoint (the ID token's claims when there is no access token).
 * No PKCE: LinkedIn offers it only to native apps it enables one by one, and web apps use the secret.
 * LinkedIn issues refresh tokens only to some partner apps; for them, refreshing works.
 */
export const linkedin = defineProvider<LinkedInOptions>({
  id: "linkedin",
  name: "LinkedIn",
  endpoints: ENDPOINTS,
  defaultScopes: ["openid", "profile", "email"],
  pkce: false,
  clientAuthentication: "post",
  idToken: { issuer: (config) => config.issuer ?? ISSUER },
  userInfo: (tokens, ctx) => oidcUserInfo(tokens, ctx, "prefer-user-info"),
  profile: (claims: Record<string, unknown>) => profileFromClaims(claims),
});
