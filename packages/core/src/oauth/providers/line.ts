import { loadJose } from "../load-jose.js";
import type { ProviderConfig } from "../oauth-provider.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { oidcUserInfo } from "./oidc-user-info.js";
import { providerEmail } from "./provider-email.js";

const ENDPOINTS = {
  authorization: "https://access.line.me/oauth2/v2.1/authorize",
  token: "https://api.line.me/oauth2/v2.1/token",
  userInfo: "https://api.line.me/oauth2/v2.1/userinfo",
  jwks: "https://api.line.me/oauth2/v2.1/certs",
  revocation: "https://api.line.me/oauth2/v2.1/revoke",
} satisfies DefinedEndpoints;
const ISSUER = "https://access.line.me";

/** LINE options on top of the common ones. */
export interface LineOptions extends ProviderConfig {
  /** Expected ID token issuer; default `https://access.line.me`. For test servers. */
  issuer?: string;
}

/**
 * LINE Login v2.1 (OpenID Connect). Scopes `openid profile email` (email needs the permission applied
 * for in the LINE Developers console), PKCE S256, channel id and secret in the token form. LINE signs
 * the ID tokens of web login with HS256 under the channel secret and those of its SDKs (LIFF, native)
 * with ES256 from its JWKS — both are verified here (issuer, audience = channel id, expiry, nonce).
 * The profile comes from the ID token. LINE does not say whether the email is verified, so it is not.
 */
export const line = defineProvider<LineOptions>({
  id: "line",
  name: "LINE",
  endpoints: ENDPOINTS,
  defaultScopes: ["openid", "profile", "email"],
  pkce: true,
  clientAuthentication: "post",
  idToken: {
    issuer: (config) => config.issuer ?? ISSUER,
    async verify(token, nonce, { config }) {
      const jose = await loadJose();
      let alg: unknown;
      try {
        alg = jose.decodeProtectedHeader(token).alg;
      } catch {
        return null;
      }
      // ES256 tokens take the standard JWKS check; only HS256 needs the channel secret.
      if (alg !== "HS256") return undefined;
      if (!config.clientSecret) return null;
      try {
        const { payload } = await jose.jwtVerify(token, new TextEncoder().encode(config.clientSecret), {
          algorithms: ["HS256"],
          issuer: config.issuer ?? ISSUER,
          audience: config.clientId,
          clockTolerance: 5,
          requiredClaims: ["iss", "sub", "aud", "exp", "iat"],
        });
        if (nonce !== undefined && payload.nonce !== nonce) return null;
        return payload;
      } catch {
        return null;
      }
    },
  },
  revoke: {},
  userInfo: (tokens, ctx) => oidcUserInfo(tokens, ctx, "id-token"),
  profile: (claims: Record<string, unknown>) =>
    typeof claims.sub !== "string"
      ? null
      : {
          id: claims.sub,
          ...providerEmail(claims.email),
          name: typeof claims.name === "string" ? claims.name : "",
          image: typeof claims.picture === "string" ? claims.picture : null,
        },
});
