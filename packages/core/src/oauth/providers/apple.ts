import { stringClaim } from "../id-token-claims.js";
import type { ProviderConfig } from "../oauth-provider.js";
import { type DefinedEndpoints, defineProvider } from "./define-provider.js";
import { providerEmail } from "./provider-email.js";

// Apple has no user-info endpoint: everything it tells about the user is in the ID token.
const ENDPOINTS = {
  authorization: "https://appleid.apple.com/auth/authorize",
  token: "https://appleid.apple.com/auth/token",
  jwks: "https://appleid.apple.com/auth/keys",
  revocation: "https://appleid.apple.com/auth/revoke",
} satisfies DefinedEndpoints;
const ISSUER = "https://appleid.apple.com";

/** Apple options on top of the common ones. */
export interface AppleOptions extends ProviderConfig {
  /**
   * The client secret is not a fixed string at Apple: it is a JWT (ES256) that the developer signs
   * with the key from their Apple developer account and renews at least every six months.
   */
  clientSecret?: string;
  /** Other audiences whose ID tokens are accepted, e.g. the app bundle id of a native iOS app. */
  audience?: string[];
  /** Expected ID token issuer; default `https://appleid.apple.com`. For test servers. */
  issuer?: string;
}

/**
 * Sign in with Apple. Scopes `name email`; because they ask for user data Apple requires
 * `response_mode=form_post`, so Apple POSTs the callback. PKCE S256. The profile comes from the ID
 * token (Apple sends `email_verified` as a string); the name, which Apple sends only on the first
 * authorization and outside the token, comes from the callback's `user` JSON.
 */
export const apple = defineProvider<AppleOptions>({
  id: "apple",
  name: "Apple",
  endpoints: ENDPOINTS,
  defaultScopes: ["name", "email"],
  pkce: true,
  clientAuthentication: "post",
  responseMode: "form_post",
  // Apple has no user-info endpoint.
  accountInfoFromIdToken: true,
  idToken: { issuer: (config) => config.issuer ?? ISSUER, audience: (config) => config.audience },
  revoke: { tokenTypeHint: "access_token" },
  userInfo: (tokens, { idTokenClaims }) => idTokenClaims(tokens),
  profile: (claims: Record<string, unknown>, _ctx, callback) => ({
    id: String(claims.sub),
    ...providerEmail(claims.email, claims.email_verified),
    name: stringClaim(claims, "name") ?? nameFromAppleUser(callback?.user),
    image: null,
  }),
});

/**
 * The name in Apple's one-time `user` form field, `{"name":{"firstName","lastName"},"email"}`. It
 * arrives through the browser, so anything malformed simply yields no name (never an error).
 */
function nameFromAppleUser(raw: string | undefined): string {
  if (!raw) return "";
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return "";
  }
  const name = parsed && typeof parsed === "object" ? (parsed as { name?: unknown }).name : undefined;
  if (!name || typeof name !== "object") return "";
  const part = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const { firstName, lastName } = name as { firstName?: unknown; lastName?: unknown };
  return [part(firstName), part(lastName)].filter(Boolean).join(" ").slice(0, 256);
}
