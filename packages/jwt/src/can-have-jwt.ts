import type { Session } from "@gatehouse-auth/core";

/**
 * Whether a session is an impersonation (the admin plugin marks it `impersonatedBy`). Read by field, not
 * by importing the admin plugin: any plugin that marks sessions so is honoured the same way.
 */
function isImpersonation(session: Session): boolean {
  return Boolean((session as Session & { impersonatedBy?: unknown }).impersonatedBy);
}

/**
 * Whether a session may have a JWT: a real session (its token is what a cookie or bearer header names),
 * not an impersonation. Sessions a plugin's `authenticate` makes up (an API key's) have no token.
 */
export function canHaveJwt(session: Session): boolean {
  return Boolean(session.token) && !isImpersonation(session);
}
