import { stringClaim } from "../id-token-claims.js";
import type { ProviderConfig } from "../oauth-provider.js";
import { revokeToken } from "../revoke-token.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { oidcUserInfo } from "./oidc-user-info.js";
import { providerEmail } from "./provider-email.js";

const ENDPOINTS = {
  authorization: "https://vercel.com/oauth/authorize",
  token: "https://api.vercel.com/login/oauth/token",
  userInfo: "https://api.vercel.com/login/oauth/userinfo",
  jwks: "https://vercel.com/.well-known/jwks",
  revocation: "https://api.vercel.com/login/oauth/token/revoke",
} satisfies DefinedEndpoints;
const ISSUER = "https://vercel.com";

/** Vercel options on top of the common ones. */
export interface VercelOptions extends ProviderConfig {
  /** Expected ID token issuer; default `https://vercel.com`. For test servers. */
  issuer?: string;
}

/**
 * Sign in with Vercel (OpenID Connect). Scopes `openid email profile`, PKCE S256 (Vercel requires it),
 * client secret in the token form (Vercel takes client_secret_post and _basic). The ID token is
 * verified against Vercel's JWKS (RS256, issuer `https://vercel.com`); the profile comes from its
 * claims, user info filling in a missing email. Vercel's discovery document lists no `email_verified`
 * claim, so the email is not counted as verified. Revocation authenticates with HTTP Basic, the only
 * method Vercel's revocation endpoint takes.
 */
export const vercel = defineProvider<VercelOptions>({
  id: "vercel",
  name: "Vercel",
  endpoints: ENDPOINTS,
  defaultScopes: ["openid", "email", "profile"],
  pkce: true,
  clientAuthentication: "post",
  idToken: { issuer: (config) => config.issuer ?? ISSUER },
  revoke: (token, { endpoints, client }) =>
    revokeToken(endpoints.revocation ?? ENDPOINTS.revocation, token, { ...client, authentication: "basic" }),
  userInfo: (tokens, ctx) => oidcUserInfo(tokens, ctx, "fill-email"),
  profile: (claims: Record<string, unknown>) =>
    typeof claims.sub !== "string"
      ? null
      : {
          id: claims.sub,
          ...providerEmail(claims.email),
          name: stringClaim(claims, "name") ?? stringClaim(claims, "preferred_username") ?? "",
          image: stringClaim(claims, "picture") ?? null,
        },
});
