import { type HeaderReader, constantTimeEqual, generateRandomString, sha256Base64Url } from "@gatehouse-auth/core";
import { OAuthError } from "./oauth-error.js";
import type { ResolvedOAuthProviderOptions } from "./oauth-provider-options.js";
import { readBearer } from "./read-bearer.js";
import { hashInitialAccessToken } from "./registration-options.js";

/** The hash a registration access token (RFC 7592) is kept as. */
export const hashRegistrationToken = (token: string) => sha256Base64Url(`gatehouse-oauth-registration:${token}`);

/** A new registration access token: shown once, in the registration answer. */
export const newRegistrationToken = () => generateRandomString(48);

/** The Bearer challenge of a refused registration or configuration call (RFC 6750 §3). */
export const INVALID_TOKEN_CHALLENGE = 'Bearer realm="oauth", error="invalid_token"';

/** 401 invalid_token: the same answer for a missing, wrong, or another client's token. */
export const invalidToken = () => new OAuthError("invalid_token", "Missing or invalid access token", 401);

/**
 * RFC 7591 §3: refuses (401) a registration without an acceptable initial access token, when the app
 * configured any. Every configured hash is compared, in constant time each.
 */
export async function requireInitialAccessToken(o: ResolvedOAuthProviderOptions, headers: HeaderReader) {
  const accepted = o.registrationInitialAccessTokens;
  if (accepted === null) return;
  const token = readBearer(headers, undefined);
  if (!token) throw invalidToken();
  let ok = false;
  if (typeof accepted === "function") ok = (await accepted(token)) === true;
  else {
    const presented = hashInitialAccessToken(token);
    for (const hash of accepted) ok = constantTimeEqual(presented, hash) || ok;
  }
  if (!ok) throw invalidToken();
}

/** What a registration answer says of a client (RFC 7591 §3.2.1), never its secret. */
export function registrationView(row: Record<string, unknown>, clientUri: string): Record<string, unknown> {
  const display = row.metadata && typeof row.metadata === "object" ? (row.metadata as Record<string, unknown>) : {};
  const answer: Record<string, unknown> = {
    client_id: row.id,
    redirect_uris: row.redirectUris,
    grant_types: row.grantTypes,
    response_types: ["code"],
    token_endpoint_auth_method: row.tokenEndpointAuthMethod,
    ...display,
    registration_client_uri: clientUri,
  };
  if (row.createdAt) answer.client_id_issued_at = Math.floor(new Date(row.createdAt as Date).getTime() / 1000);
  if (typeof row.name === "string") answer.client_name = row.name;
  if (String(row.tokenEndpointAuthMethod).startsWith("client_secret_")) answer.client_secret_expires_at = 0;
  return answer;
}
