import type { AuthContext } from "@gatehouse-auth/core";
import { type DpopPresentation, presentationHolds } from "./token-binding.js";
import { findTokenRow, isLive } from "./token-rows.js";

/** What a live access token stands for. */
export interface VerifiedAccessToken {
  /**
   * The user id; the client id for a client_credentials token (RFC 9068 §2.2), whose `userId` is null.
   * Always the real user id, never a pairwise client's subject (what that client itself is told).
   */
  sub: string;
  /** The user the token acts for; null when the client acts for itself (client_credentials). */
  userId: string | null;
  clientId: string;
  scopes: string[];
  /** The resource (RFC 8707) the token was issued for; null for an opaque token without one. */
  resource: string | null;
  expiresAt: Date;
  /** RFC 9449: the thumbprint of the DPoP key the token is bound to (checked against the proof); null for Bearer. */
  jkt: string | null;
}

/**
 * Checks an access token this provider issued, in the same process (a resource server beside the auth
 * server, an MCP server): live (not expired, not revoked, its session not ended, its user allowed) and,
 * with `resource`, issued for exactly that resource. Null otherwise. Another process verifies JWT
 * access tokens against `jwks_uri`, or asks the introspection endpoint.
 *
 * `dpop` says the token came as `Authorization: DPoP` with that proof (RFC 9449 §7): a DPoP-bound token
 * is accepted only so, with a valid proof of its key; a Bearer token only without it.
 */
export async function verifyAccessToken(
  auth: { $context: AuthContext },
  token: string,
  options: { resource?: string; dpop?: DpopPresentation } = {},
): Promise<VerifiedAccessToken | null> {
  const row = await findTokenRow(auth.$context.db, "access", token);
  if (!row || !(await isLive(auth.$context, row, "access"))) return null;
  if (options.resource !== undefined && row.resource !== options.resource) return null;
  if (!(await presentationHolds(auth.$context, row, token, options.dpop))) return null;
  return {
    sub: row.userId ?? row.clientId,
    userId: row.userId ?? null,
    clientId: row.clientId,
    scopes: row.accessScopes.split(" ").filter((s) => s !== ""),
    resource: row.resource,
    expiresAt: new Date(row.accessExpiresAt),
    jkt: row.dpopJkt ?? null,
  };
}
