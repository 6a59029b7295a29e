import type { ProviderConfig } from "../oauth-provider.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { oidcUserInfo } from "./oidc-user-info.js";
import { profileFromClaims } from "../id-token-claims.js";

const ENDPOINTS = {
  authorization: "https://backboard.railway.com/oauth/auth",
  token: "https://backboard.railway.com/oauth/token",
  userInfo: "https://backboard.railway.com/oauth/me",
  jwks: "https://backboard.railway.com/oauth/jwks",
} satisfies DefinedEndpoints;
const ISSUER = "https://backboard.railway.com";

/** Railway options on top of the common ones. */
export interface RailwayOptions extends ProviderConfig {
  /** Expected ID token issuer; default `https://backboard.railway.com`. For test servers. */
  issuer?: string;
}

/**
 * Login with Railway (OAuth 2.0 and OpenID Connect). Scopes `openid email profile`, PKCE S256 (optional
 * for web apps at Railway, always sent here), client authentication HTTP Basic as Railway's quickstart
 * shows. ID tokens are verified against Railway's JWKS; the issuer and JWKS path are those of Railway's
 * discovery document as we read it (override `issuer`/`endpoints.jwks` if Railway moves them). The
 * profile is /oauth/me, the ID token's claims without an access token; its email counts as verified
 * only when it says `email_verified: true`.
 */
export const railway = defineProvider<RailwayOptions>({
  id: "railway",
  name: "Railway",
  endpoints: ENDPOINTS,
  defaultScopes: ["openid", "email", "profile"],
  pkce: true,
  clientAuthentication: "basic",
  idToken: { issuer: (config) => config.issuer ?? ISSUER },
  userInfo: (tokens, ctx) => oidcUserInfo(tokens, ctx, "prefer-user-info"),
  profile: (claims: Record<string, unknown>) => (typeof claims.sub !== "string" ? null : profileFromClaims(claims)),
});
