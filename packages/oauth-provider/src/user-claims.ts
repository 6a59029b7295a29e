import type { User } from "@gatehouse-auth/core";

/** The OIDC claims (Core §5.4) the granted scopes release about `user`, beyond `sub`. */
export function userClaims(user: User, scopes: readonly string[]): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  if (scopes.includes("profile")) {
    claims.name = user.name;
    if (user.image) claims.picture = user.image;
    claims.updated_at = Math.floor(new Date(user.updatedAt).getTime() / 1000);
  }
  if (scopes.includes("email")) {
    claims.email = user.email;
    claims.email_verified = user.emailVerified === true;
  }
  return claims;
}
