import { profileFromClaims } from "../id-token-claims.js";
import type { ProviderConfig } from "../oauth-provider.js";
import { defineProvider } from "./define-provider.js";
import { oidcUserInfo } from "./oidc-user-info.js";

/** AWS Cognito options on top of the common ones. */
export interface CognitoOptions extends ProviderConfig {
  // The three below are required: a configuration without them fails at startup.
  /**
   * The user pool's domain: the Cognito prefix domain (`my-app.auth.eu-west-1.amazoncognito.com`)
   * or the pool's custom domain (`auth.example.com`), without `https://`.
   */
  domain?: string;
  /** The AWS region of the user pool, e.g. `eu-west-1`. */
  region?: string;
  /** The user pool id, e.g. `eu-west-1_AbCdEfGhI`: ID tokens are issued by this pool only. */
  userPoolId?: string;
}

const issuerOf = (config: CognitoOptions) => `https://cognito-idp.${config.region}.amazonaws.com/${config.userPoolId}`;

/**
 * AWS Cognito user pools (the hosted "managed login"). OpenID Connect: scopes `openid profile email`,
 * PKCE S256, and an app client with a secret authenticates with HTTP Basic (Cognito's documented
 * method). The ID token is verified against the pool's JWKS and issuer
 * (`https://cognito-idp.<region>.amazonaws.com/<userPoolId>`); the profile comes from its claims,
 * Cognito's `email_verified` taken as given, /oauth2/userInfo filling in when there is no ID token.
 * Cognito's /oauth2/revoke takes refresh tokens only, so unlinking does not revoke here.
 */
export const cognito = defineProvider<CognitoOptions>({
  id: "cognito",
  name: "AWS Cognito",
  endpoints: (config) => {
    if (!config.domain || !config.region || !config.userPoolId) {
      throw new Error("Gatehouse: socialProviders.cognito needs domain, region and userPoolId");
    }
    const domain = config.domain ?? "";
    const base = `https://${domain.replace(/^https:\/\//, "").replace(/\/+$/, "")}`;
    return {
      authorization: `${base}/oauth2/authorize`,
      token: `${base}/oauth2/token`,
      userInfo: `${base}/oauth2/userInfo`,
      jwks: `${issuerOf(config)}/.well-known/jwks.json`,
    };
  },
  defaultScopes: ["openid", "profile", "email"],
  pkce: true,
  clientAuthentication: "basic",
  loginHintParam: "login_hint",
  idToken: { issuer: issuerOf },
  userInfo: (tokens, ctx) => oidcUserInfo(tokens, ctx, "id-token"),
  profile: (claims: Record<string, unknown>) => {
    const profile = profileFromClaims(claims);
    // Cognito names users by `cognito:username` when the pool keeps no name attribute.
    const username = claims["cognito:username"];
    return profile.name || typeof username !== "string" ? profile : { ...profile, name: username };
  },
});
