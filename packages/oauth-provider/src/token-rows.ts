import type { AuthContext, Db, Row, User } from "@gatehouse-auth/core";
import { hashToken } from "./issue-code.js";
import { OAUTH_MODELS } from "./oauth-schema.js";

/** A stored token row with its session and user (null when they are gone). */
export interface TokenRow extends Row {
  clientId: string;
  /** Null for a client_credentials token (no user, no session). */
  userId: string | null;
  sessionId: string | null;
  scopes: string;
  accessScopes: string;
  familyId: string;
  resource: string | null;
  /** RFC 9449: the DPoP key thumbprint the token is bound to; null for a Bearer token. */
  dpopJkt?: string | null;
  accessExpiresAt: Date;
  refreshExpiresAt: Date | null;
  rotatedAt: Date | null;
  revokedAt: Date | null;
  createdAt: Date;
  session: (Row & { expiresAt: Date }) | null;
  user: User | null;
  /** The stored client (null for a configured one, or one deleted since). */
  client?: (Row & { disabled?: boolean | null }) | null;
}

/** The row holding `token` as its access or refresh token, joined with its session and user. */
export async function findTokenRow(db: Db, kind: "access" | "refresh", token: string): Promise<TokenRow | null> {
  if (token.length === 0 || token.length > 4096) return null;
  const field = kind === "access" ? "accessTokenHash" : "refreshTokenHash";
  const hash = hashToken(token);
  const row = await db.findOne<TokenRow>({
    model: OAUTH_MODELS.token,
    where: [{ field, value: hash }],
    join: [
      { model: "session", localField: "sessionId", foreignField: "id", as: "session" },
      { model: "user", localField: "userId", foreignField: "id", as: "user" },
      { model: OAUTH_MODELS.client, localField: "clientId", foreignField: "id", as: "client" },
    ],
  });
  // The adapter may compare case-insensitively; the hash must be exactly ours.
  return row && row[field] === hash ? row : null;
}

/**
 * Whether a token row still stands for a live grant: not revoked, its session not ended (sign-out,
 * revocation, a ban or deletion end it), its user still allowed (validateUser: bans) — and, for
 * `access`, not expired.
 */
export async function isLive(auth: AuthContext, row: TokenRow, kind: "access" | "refresh"): Promise<boolean> {
  const now = auth.now();
  if (row.revokedAt) return false;
  // Disabling revokes the client's tokens; this also covers one a racing refresh wrote after that.
  if (row.client?.disabled === true) return false;
  const expires = kind === "access" ? row.accessExpiresAt : row.refreshExpiresAt;
  if (!expires || new Date(expires).getTime() <= now) return false;
  if (kind === "refresh" && row.rotatedAt) return false;
  // client_credentials: the client's own token, with no session or user to outlive.
  if (row.userId == null && row.sessionId == null) return true;
  if (!row.session || new Date(row.session.expiresAt).getTime() <= now || !row.user) return false;
  try {
    await auth.validateUser(row.user, "authenticate");
  } catch {
    return false;
  }
  return true;
}

/** Revokes every token of a refresh family (reuse detected, or its refresh token revoked). */
export async function revokeFamily(db: Db, familyId: string, now: number): Promise<void> {
  await db.updateMany({
    model: OAUTH_MODELS.token,
    where: [
      { field: "familyId", value: familyId },
      { field: "revokedAt", value: null },
    ],
    update: { revokedAt: new Date(now) },
  });
}
