import type { ErrorDef } from "../errors/auth-error.js";

/**
 * A failure on the way to the provider and back, carrying one of SPEC.md §8's callback codes, so every
 * failure can be named precisely on the error page instead of a catch-all.
 */
export type OAuthErrorCode =
  | "invalid_callback_request"
  | "state_not_found"
  | "please_restart_the_process"
  | "no_code"
  | "oauth_provider_not_found"
  | "invalid_code"
  /** The token endpoint refused Gatehouse's client credentials (`invalid_client`, `unauthorized_client`). */
  | "invalid_client"
  /** An ID token failed OIDC Core §3.1.3.7 (signature, iss, aud, azp, exp, iat or nonce). */
  | "invalid_id_token"
  /** RFC 9207: the authorization response names another issuer than the provider's. */
  | "issuer_mismatch"
  | "unable_to_get_user_info"
  | "email_not_found"
  | "no_callback_url"
  | "unable_to_link_account"
  | "account_already_linked_to_different_user"
  | "account_not_linked"
  | "signup_disabled"
  | "unable_to_create_user"
  | "internal_server_error";

/** Thrown by the OAuth flow: a callback code for redirects, and optionally the catalogue entry for JSON answers. */
export class OAuthError extends Error {
  override name = "OAuthError";
  /**
   * The catalogue entry an ID-token endpoint answers with, when the callback code alone is ambiguous
   * (one `unable_to_link_account` covers both "linking not allowed" and "different emails").
   */
  readonly apiError?: ErrorDef & { code: string };
  /** What a provider's token endpoint answered (RFC 6749 §5.2), for the operator's log; never secrets. */
  readonly providerError?: { error: string; description?: string };
  constructor(
    readonly code: OAuthErrorCode,
    message?: string,
    options?: {
      cause?: unknown;
      apiError?: ErrorDef & { code: string };
      providerError?: { error: string; description?: string };
    },
  ) {
    super(message ?? code, options);
    this.apiError = options?.apiError;
    this.providerError = options?.providerError;
  }
}
