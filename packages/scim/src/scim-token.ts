import { type HeaderReader, generateRandomString, sha256Base64Url } from "@gatehouse-auth/core";
import type { Db } from "@gatehouse-auth/core";
import { SCIM_ERRORS, ScimError } from "./scim-errors.js";
import { SCIM_MODELS, type ScimTokenRow } from "./scim-schema.js";

/** Tokens start with this, so secret scanners and people can tell them apart. */
export const SCIM_TOKEN_PREFIX = "scim_";
// RFC 6750 §2.1 b64token, bounded: anything longer is no token of ours.
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]{1,200}=*)$/i;

/** A fresh token (40 alphanumerics, ~238 bits from a CSPRNG) and the hash stored in its place. */
export function newScimToken(): { token: string; tokenHash: string; start: string } {
  const token = SCIM_TOKEN_PREFIX + generateRandomString(40);
  return { token, tokenHash: sha256Base64Url(token), start: token.slice(0, SCIM_TOKEN_PREFIX.length + 4) };
}

/** The scope a SCIM request acts in: the token's organization (and its connection label). */
export interface ScimScope {
  organizationId: string;
  providerId: string | null;
  tokenId: string;
}

/**
 * The organization the request's `Authorization: Bearer` SCIM token belongs to; 401 without one or for
 * an unknown one. A session cookie is no SCIM credential: only this header is read.
 */
export async function authenticateScim(db: Db, headers: HeaderReader): Promise<ScimScope> {
  const header = headers.get("authorization");
  const match = header ? BEARER.exec(header.trim()) : null;
  const presented = match?.[1];
  if (!presented?.startsWith(SCIM_TOKEN_PREFIX)) throw new ScimError(SCIM_ERRORS.INVALID_SCIM_TOKEN);
  const tokenHash = sha256Base64Url(presented);
  const row = await db.findOne<ScimTokenRow>({
    model: SCIM_MODELS.token,
    where: [{ field: "tokenHash", value: tokenHash }],
  });
  if (!row || row.tokenHash !== tokenHash) throw new ScimError(SCIM_ERRORS.INVALID_SCIM_TOKEN);
  return { organizationId: row.organizationId, providerId: row.providerId, tokenId: row.id };
}
