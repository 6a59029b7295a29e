import type { JWTPayload } from "jose";
import { loadJose } from "./load-jose.js";
import type { ProviderProfile } from "./oauth-provider.js";

/**
 * The claims of an ID token that was already verified: every ID token reaches a provider's getUserInfo
 * only after exchangeCallbackCode, readIdTokenProfile or a refresh (applyProviderOptions) checked it
 * in full. The audience check here is a second line of defence for custom code calling getUserInfo.
 * Null when the token is not a JWT or names another audience. Async only because jose loads on first use
 * (every caller is an async getUserInfo); jose's decodeJwt stays, so what counts as a JWT is unchanged.
 */
export async function readIdTokenClaims(
  idToken: string | undefined,
  clientId: string | string[],
): Promise<JWTPayload | null> {
  if (!idToken) return null;
  const { decodeJwt } = await loadJose();
  let claims: JWTPayload;
  try {
    claims = decodeJwt(idToken);
  } catch {
    return null;
  }
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const ours = Array.isArray(clientId) ? clientId : [clientId];
  if (!audiences.some((aud) => typeof aud === "string" && ours.includes(aud))) return null;
  if (typeof claims.sub !== "string" || !claims.sub) return null;
  return claims;
}

/** A claim as a string, or undefined. */
export function stringClaim(claims: Record<string, unknown>, name: string): string | undefined {
  const value = claims[name];
  return typeof value === "string" && value ? value : undefined;
}

/** `email_verified` as a boolean: Apple and some others send the string "true". */
export function isTrue(value: unknown): boolean {
  return value === true || value === "true";
}

/** `email_verified` explicitly false (a missing claim says nothing). */
export function isFalse(value: unknown): boolean {
  return value === false || value === "false";
}

/** The standard OIDC claims (sub, email, email_verified, name, picture) as a Gatehouse profile. */
export function profileFromClaims(claims: Record<string, unknown>): ProviderProfile {
  const email = stringClaim(claims, "email") ?? null;
  const given = [stringClaim(claims, "given_name"), stringClaim(claims, "family_name")].filter(Boolean).join(" ");
  return {
    id: String(claims.sub),
    email,
    emailVerified: email !== null && isTrue(claims.email_verified),
    emailUnverified: email !== null && isFalse(claims.email_verified),
    name: stringClaim(claims, "name") ?? (given || stringClaim(claims, "preferred_username") || ""),
    image: stringClaim(claims, "picture") ?? null,
  };
}
