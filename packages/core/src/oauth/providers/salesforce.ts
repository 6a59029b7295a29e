import { isFalse, isTrue, stringClaim } from "../id-token-claims.js";
import type { ProviderConfig } from "../oauth-provider.js";
import { defineProvider } from "./define-provider.js";

/** Salesforce options on top of the common ones. */
export interface SalesforceOptions extends ProviderConfig {
  /**
   * Where users log in: `https://login.salesforce.com` (default), `https://test.salesforce.com` for
   * sandboxes, or the org's My Domain (`https://acme.my.salesforce.com`). It is also the ID tokens' issuer.
   */
  loginUrl?: string;
}

/** Salesforce's OIDC user info: `user_id` is the 18-character user id, `sub` its identity URL. */
interface SalesforceUserInfo {
  sub: string;
  user_id: string;
  organization_id?: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
  picture?: string;
  active?: boolean;
}

const loginUrlOf = (config: SalesforceOptions) =>
  (config.loginUrl ?? "https://login.salesforce.com").replace(/\/+$/, "");

/**
 * Salesforce (connected app or external client app), OpenID Connect. Scopes `openid email profile`,
 * PKCE S256 (Salesforce requires it by default for new apps), client secret in the token form. ID
 * tokens are verified against `<loginUrl>/id/keys` with `loginUrl` as issuer. The profile is the OIDC
 * user-info endpoint, or the ID token's claims without an access token (the account id is `user_id`, the
 * last part of the ID token's `sub`); an inactive user is not let in; `email_verified`
 * is taken as given. Revocation at /services/oauth2/revoke revokes access and refresh tokens.
 */
export const salesforce = defineProvider<SalesforceOptions>({
  id: "salesforce",
  name: "Salesforce",
  endpoints: (config) => {
    const base = `${loginUrlOf(config)}/services/oauth2`;
    return {
      authorization: `${base}/authorize`,
      token: `${base}/token`,
      userInfo: `${base}/userinfo`,
      jwks: `${loginUrlOf(config)}/id/keys`,
      revocation: `${base}/revoke`,
    };
  },
  defaultScopes: ["openid", "email", "profile"],
  pkce: true,
  clientAuthentication: "post",
  loginHintParam: "login_hint",
  idToken: { issuer: loginUrlOf },
  revoke: {},
  async userInfo(tokens, { endpoints, getJson, idTokenClaims }) {
    if (tokens.accessToken && endpoints.userInfo) return getJson(endpoints.userInfo, tokens.accessToken);
    // An ID token alone (from a native SDK): its sub is the identity URL ending in the user id.
    const claims = await idTokenClaims(tokens);
    return claims && typeof claims.sub === "string" ? { ...claims, user_id: claims.sub.split("/").pop() } : null;
  },
  profile: (info: SalesforceUserInfo) => {
    if (typeof info.user_id !== "string" || info.active === false) return null;
    const email = stringClaim(info as unknown as Record<string, unknown>, "email") ?? null;
    return {
      id: info.user_id,
      email,
      emailVerified: email !== null && isTrue(info.email_verified),
      emailUnverified: email !== null && isFalse(info.email_verified),
      name: info.name || info.preferred_username || "",
      image: info.picture ?? null,
    };
  },
});
