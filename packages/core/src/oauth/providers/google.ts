import { profileFromClaims } from "../id-token-claims.js";
import type { ProviderConfig } from "../oauth-provider.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";

const ENDPOINTS = {
  authorization: "https://accounts.google.com/o/oauth2/v2/auth",
  token: "https://oauth2.googleapis.com/token",
  userInfo: "https://openidconnect.googleapis.com/v1/userinfo",
  jwks: "https://www.googleapis.com/oauth2/v3/certs",
  revocation: "https://oauth2.googleapis.com/revoke",
} satisfies DefinedEndpoints;
// Google documents both spellings of its issuer.
const ISSUERS = ["https://accounts.google.com", "accounts.google.com"];

/** Google options on top of the common ones. */
export interface GoogleOptions extends ProviderConfig {
  /** `offline` to receive a refresh token. Default: Google's (`online`). */
  accessType?: "offline" | "online";
  /** e.g. `select_account`, `consent` (needed to get a refresh token again), space-separated. */
  prompt?: string;
  /** Google Workspace domain the account must belong to; checked on the ID token, not only hinted. */
  hd?: string;
  /** Expected ID token issuer(s); default Google's. For proxies and test servers. */
  issuer?: string | string[];
  /** Other client ids whose ID tokens are accepted too (e.g. the Android or iOS client of the app). */
  audience?: string[];
}

// `hd` in the URL only preselects accounts; Google says to check the claim (`*` means any Workspace).
const domainOk = (claims: Record<string, unknown>, config: GoogleOptions) =>
  !config.hd || (config.hd === "*" ? typeof claims.hd === "string" : claims.hd === config.hd);

/**
 * Google (OpenID Connect). Scopes `openid email profile`, PKCE S256. The profile comes from the ID
 * token; ID tokens from Google Sign-In SDKs are accepted through `verifyIdToken`.
 */
export const google = defineProvider<GoogleOptions>({
  id: "google",
  name: "Google",
  endpoints: ENDPOINTS,
  defaultScopes: ["openid", "email", "profile"],
  pkce: true,
  clientAuthentication: "post",
  loginHintParam: "login_hint",
  authorizationParams: (config) => ({ access_type: config.accessType, hd: config.hd, include_granted_scopes: "true" }),
  idToken: {
    issuer: (config) => config.issuer ?? ISSUERS,
    audience: (config) => config.audience,
    accept: domainOk,
  },
  revoke: {},
  async userInfo(tokens, { idTokenClaims, endpoints, getJson }) {
    const claims = await idTokenClaims(tokens);
    if (claims || !tokens.accessToken) return claims;
    return getJson(endpoints.userInfo ?? ENDPOINTS.userInfo, tokens.accessToken);
  },
  profile: (claims: Record<string, unknown>, { config }) =>
    typeof claims.sub !== "string" || !domainOk(claims, config) ? null : profileFromClaims(claims),
});
