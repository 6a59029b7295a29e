import { stringClaim } from "../id-token-claims.js";
import type { ProviderConfig } from "../oauth-provider.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { oidcUserInfo } from "./oidc-user-info.js";
import { providerEmail } from "./provider-email.js";

const ENDPOINTS = {
  authorization: "https://id.twitch.tv/oauth2/authorize",
  token: "https://id.twitch.tv/oauth2/token",
  userInfo: "https://id.twitch.tv/oauth2/userinfo",
  jwks: "https://id.twitch.tv/oauth2/keys",
  revocation: "https://id.twitch.tv/oauth2/revoke",
} satisfies DefinedEndpoints;
const ISSUER = "https://id.twitch.tv/oauth2";

// Twitch puts only sub (and a few technical claims) in its ID token unless asked, claim by claim,
// through the OIDC `claims` request parameter (OIDC Core §5.5).
const PROFILE_CLAIMS = { email: null, email_verified: null, picture: null, preferred_username: null };
const CLAIMS_PARAM = JSON.stringify({ id_token: PROFILE_CLAIMS, userinfo: PROFILE_CLAIMS });

/** Twitch options on top of the common ones. */
export interface TwitchOptions extends ProviderConfig {
  /** Expected ID token issuer; default `https://id.twitch.tv/oauth2`. For test servers. */
  issuer?: string;
}

/**
 * Twitch (OpenID Connect). Scopes `openid user:read:email`, with the `claims` parameter asking for
 * email, email_verified, picture and preferred_username. No PKCE: Twitch does not support it.
 */
export const twitch = defineProvider<TwitchOptions>({
  id: "twitch",
  name: "Twitch",
  endpoints: ENDPOINTS,
  defaultScopes: ["openid", "user:read:email"],
  pkce: false,
  clientAuthentication: "post",
  authorizationParams: () => ({ claims: CLAIMS_PARAM }),
  idToken: { issuer: (config) => config.issuer ?? ISSUER },
  revoke: {},
  userInfo: (tokens, ctx) => oidcUserInfo(tokens, ctx, "fill-email"),
  profile: (claims: Record<string, unknown>) => ({
    id: String(claims.sub),
    ...providerEmail(claims.email, claims.email_verified),
    name: stringClaim(claims, "preferred_username") ?? "",
    image: stringClaim(claims, "picture") ?? null,
  }),
});
