import { AuthError, type ErrorDef } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import type { OAuthError, OAuthErrorCode } from "./oauth-error.js";

// Only the codes completeOAuth can raise reach JSON answers; the callback-only ones map to a plain 400.
const API_ERRORS: Record<OAuthErrorCode, ErrorDef & { code: string }> = {
  invalid_callback_request: CORE_ERRORS.BAD_REQUEST,
  state_not_found: CORE_ERRORS.BAD_REQUEST,
  please_restart_the_process: CORE_ERRORS.BAD_REQUEST,
  no_code: CORE_ERRORS.BAD_REQUEST,
  no_callback_url: CORE_ERRORS.CALLBACK_URL_REQUIRED,
  oauth_provider_not_found: CORE_ERRORS.PROVIDER_NOT_FOUND,
  invalid_code: CORE_ERRORS.BAD_REQUEST,
  invalid_client: CORE_ERRORS.BAD_REQUEST,
  invalid_id_token: CORE_ERRORS.INVALID_ID_TOKEN,
  issuer_mismatch: CORE_ERRORS.BAD_REQUEST,
  unable_to_get_user_info: CORE_ERRORS.FAILED_TO_GET_USER_INFO,
  email_not_found: CORE_ERRORS.USER_EMAIL_NOT_FOUND,
  unable_to_link_account: CORE_ERRORS.ACCOUNT_NOT_LINKED,
  account_already_linked_to_different_user: CORE_ERRORS.ACCOUNT_ALREADY_LINKED_TO_DIFFERENT_USER,
  account_not_linked: CORE_ERRORS.ACCOUNT_NOT_LINKED,
  signup_disabled: CORE_ERRORS.UNABLE_TO_CREATE_ACCOUNT,
  unable_to_create_user: CORE_ERRORS.UNABLE_TO_CREATE_ACCOUNT,
  internal_server_error: CORE_ERRORS.INTERNAL_SERVER_ERROR,
};

/** The JSON answer for an OAuth failure on an endpoint that does not redirect (ID-token sign-in and linking). */
export function toAuthError(error: OAuthError): AuthError {
  return new AuthError(error.apiError ?? API_ERRORS[error.code]);
}
