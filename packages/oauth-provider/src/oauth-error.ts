import { EndpointResponse } from "@gatehouse-auth/core";

/** RFC 6749 §4.1.2.1 / §5.2 error codes (and RFC 8707 `invalid_target`, OIDC's prompt errors). */
export type OAuthErrorCode =
  | "invalid_request"
  | "invalid_client"
  | "invalid_grant"
  | "unauthorized_client"
  | "unsupported_grant_type"
  | "unsupported_response_type"
  | "invalid_scope"
  | "invalid_target"
  | "access_denied"
  | "login_required"
  | "consent_required"
  | "invalid_token"
  | "invalid_redirect_uri"
  | "invalid_client_metadata"
  | "authorization_pending"
  | "slow_down"
  | "expired_token"
  | "invalid_dpop_proof"
  | "server_error";

/** A protocol refusal, thrown inside the OAuth endpoints and answered in the standard's shape. */
export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

// RFC 6749 §5.1: token responses (errors included) are never cached.
const NO_STORE = { "cache-control": "no-store", pragma: "no-cache" } as const;

/** The JSON answer for `error` (401 invalid_client carries WWW-Authenticate, RFC 6749 §5.2). */
export function oauthErrorResponse(error: OAuthError, challenge = 'Basic realm="oauth"'): EndpointResponse {
  const headers: Record<string, string> = { ...NO_STORE };
  if (error.status === 401) headers["www-authenticate"] = challenge;
  return new EndpointResponse(error.status, { error: error.error, error_description: error.description }, headers);
}

/** A 200 JSON answer that no cache stores. */
export function noStoreJson(body: unknown): EndpointResponse {
  return new EndpointResponse(200, body, { ...NO_STORE });
}

/** Runs a protocol endpoint, turning OAuthErrors into their standard answer. */
export async function answeringOAuthErrors(run: () => Promise<EndpointResponse>, challenge?: string) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OAuthError) return oauthErrorResponse(error, challenge);
    throw error;
  }
}
