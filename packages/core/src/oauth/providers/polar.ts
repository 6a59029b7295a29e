import { profileFromClaims } from "../id-token-claims.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";

const ENDPOINTS = {
  authorization: "https://polar.sh/oauth2/authorize",
  token: "https://api.polar.sh/v1/oauth2/token",
  userInfo: "https://api.polar.sh/v1/oauth2/userinfo",
  revocation: "https://api.polar.sh/v1/oauth2/revoke",
} satisfies DefinedEndpoints;

/**
 * Polar (OAuth 2.0 with OpenID Connect). Scopes `openid profile email`, PKCE S256, client secret in the
 * token form. The profile is the OIDC user-info endpoint, its `email_verified` taken as given. Polar's
 * docs do not name the issuer and keys of its ID tokens, so ID tokens are dropped, not trusted.
 */
export const polar = defineProvider({
  id: "polar",
  name: "Polar",
  endpoints: ENDPOINTS,
  defaultScopes: ["openid", "profile", "email"],
  pkce: true,
  clientAuthentication: "post",
  revoke: {},
  profile: (claims: Record<string, unknown>) => (typeof claims.sub !== "string" ? null : profileFromClaims(claims)),
});
