import { defineErrors } from "./auth-error.js";
import type { CatalogueError } from "./auth-error.js";

/** Core's error catalogue: SPEC.md §8 wording, one status per code. */
export const CORE_ERRORS = defineErrors({
  VALIDATION_ERROR: { status: 400, message: "Invalid body parameters" },
  INVALID_JSON: { status: 400, message: "Request body is not valid JSON" },
  PAYLOAD_TOO_LARGE: { status: 413, message: "Request body is too large" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Request body must be JSON (Content-Type: application/json)" },
  JSON_TOO_DEEP: { status: 400, message: "Request body is nested too deeply" },
  BODY_ALREADY_READ: {
    status: 400,
    message: "Request body was consumed before the auth handler and is not in req.body",
  },
  NOT_FOUND: { status: 404, message: "Not found" },
  METHOD_NOT_ALLOWED: { status: 405, message: "Method not allowed" },
  BAD_REQUEST: { status: 400, message: "Bad request" },
  // A listing's `cursor` that this server did not hand out for this listing (forged, edited, or from
  // another listing, account or sort): pages start over without it.
  INVALID_CURSOR: { status: 400, message: "Invalid cursor" },
  // The database lacks tables or columns of the schema (start-up check): the server log lists them.
  DATABASE_NOT_MIGRATED: {
    status: 503,
    message: "The authentication database is not migrated. The server log names what is missing.",
  },
  INTERNAL_SERVER_ERROR: { status: 500, message: "Internal server error" },
  TOO_MANY_REQUESTS: { status: 429, message: "Too many requests. Please try again later." },
  // A session or user write could not clear the shared session cache, so it was not made (docs/redis.md).
  SESSION_STORE_UNAVAILABLE: { status: 503, message: "Session store unavailable. Please try again later." },
  // The database is unreachable or busy (adapters raise DatabaseUnavailableError); sent with Retry-After.
  DATABASE_UNAVAILABLE: { status: 503, message: "Database unavailable. Please try again shortly." },
  INVALID_ORIGIN: { status: 403, message: "Invalid origin" },
  MISSING_ORIGIN: { status: 403, message: "Missing or null Origin" },
  INVALID_CALLBACK_URL: { status: 403, message: "Invalid callbackURL" },
  INVALID_REDIRECT_URL: { status: 403, message: "Invalid redirectURL" },
  INVALID_ERROR_CALLBACK_URL: { status: 403, message: "Invalid errorCallbackURL" },
  INVALID_NEW_USER_CALLBACK_URL: { status: 403, message: "Invalid newUserCallbackURL" },
  CALLBACK_URL_REQUIRED: { status: 400, message: "callbackURL is required" },

  FAILED_TO_CREATE_USER: { status: 500, message: "Failed to create user" },
  FAILED_TO_CREATE_SESSION: { status: 500, message: "Failed to create session" },
  FAILED_TO_GET_SESSION: { status: 500, message: "Failed to get session" },
  FAILED_TO_UPDATE_USER: { status: 500, message: "Failed to update user" },
  INVALID_PASSWORD: { status: 400, message: "Invalid password" },
  INVALID_EMAIL: { status: 400, message: "Invalid email" },
  INVALID_EMAIL_OR_PASSWORD: { status: 401, message: "Invalid email or password" },
  INVALID_TOKEN: { status: 400, message: "invalid token" },
  EMAIL_NOT_VERIFIED: { status: 403, message: "Email not verified" },
  PASSWORD_TOO_SHORT: { status: 400, message: "Password too short" },
  PASSWORD_TOO_LONG: { status: 400, message: "Password too long" },
  // better-auth's code for a taken address (its client exports it); SPEC.md §5's 422 and message.
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 422, message: "User already exists" },
  EMAIL_CAN_NOT_BE_UPDATED: { status: 400, message: "Email can not be updated" },
  NO_FIELDS_TO_UPDATE: { status: 400, message: "No fields to update" },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { status: 400, message: "Credential account not found" },
  SESSION_NOT_FRESH: { status: 403, message: "Session is not fresh" },
  // The message a refusal sends names the kind (api/check-credential.ts); this one is the catalogue's.
  CREDENTIAL_NOT_ALLOWED: { status: 403, message: "This endpoint cannot be called with this credential" },
  USER_NOT_FOUND: { status: 404, message: "User not found" },
  RESET_PASSWORD_DISABLED: { status: 400, message: "Reset password isn't enabled" },
  VERIFICATION_EMAIL_NOT_ENABLED: { status: 400, message: "Verification email isn't enabled" },
  CHANGE_EMAIL_DISABLED: { status: 400, message: "Change email is disabled" },
  EMAIL_IS_THE_SAME: { status: 400, message: "Email is the same" },
  COULD_NOT_UPDATE_EMAIL: { status: 400, message: "Couldn't update your email" },
  VERIFICATION_EMAIL_ONLY_UNVERIFIED: {
    status: 400,
    message: "You can only send a verification email to an unverified email",
  },
  VERIFICATION_EMAIL_ONLY_OWN: { status: 400, message: "You can only send a verification email to your own email" },
  DELETE_USER_DISABLED: { status: 400, message: "Delete user is disabled" },
  CANNOT_UNLINK_LAST_ACCOUNT: { status: 400, message: "You can't unlink your last account" },
  ACCOUNT_NOT_FOUND: { status: 400, message: "Account not found" },
  // Two providers may use the same account id for different people: guessing could show the wrong one.
  AMBIGUOUS_ACCOUNT_ID: {
    status: 400,
    message: "Several of your accounts have this account id; use the id that list-accounts shows",
  },
  PROVIDER_NOT_FOUND: { status: 404, message: "Provider not found" },
  ID_TOKEN_NOT_SUPPORTED: { status: 400, message: "id_token not supported" },
  // SPEC.md §8 wording; its own code (and 401) keeps it apart from reset-password's INVALID_TOKEN.
  INVALID_ID_TOKEN: { status: 401, message: "invalid token" },
  FAILED_TO_GET_USER_INFO: { status: 401, message: "Failed to get user info" },
  USER_EMAIL_NOT_FOUND: { status: 400, message: "User email not found" },
  PROVIDER_CANNOT_REFRESH: { status: 400, message: "Provider does not support token refreshing" },
  FAILED_TO_GET_ACCESS_TOKEN: { status: 400, message: "Failed to get a valid access token" },
  FAILED_TO_REFRESH_ACCESS_TOKEN: { status: 400, message: "Failed to refresh access token" },
  ACCOUNT_NOT_LINKED: { status: 401, message: "Account not linked - linking not allowed" },
  DIFFERENT_EMAILS_NOT_ALLOWED: { status: 400, message: "different emails not allowed" },
  ACCOUNT_ALREADY_LINKED_TO_DIFFERENT_USER: { status: 409, message: "Account already linked to a different user" },
  PROVIDER_DISCOVERY_FAILED: { status: 502, message: "Could not load the OpenID configuration of the provider" },
  UNABLE_TO_CREATE_ACCOUNT: { status: 400, message: "unable to create account" },
  EMAIL_PASSWORD_DISABLED: { status: 400, message: "Email and password is not enabled" },
  EMAIL_PASSWORD_SIGN_UP_DISABLED: { status: 400, message: "Email and password sign up is not enabled" },
  USER_ALREADY_HAS_PASSWORD: { status: 400, message: "user already has a password" },
  SESSION_NOT_FOUND: { status: 404, message: "Session not found" },
  UNAUTHORIZED: { status: 401, message: "Not authenticated" },
  USER_ID_OR_SESSION_REQUIRED: { status: 400, message: "Either userId or session is required" },
  UNABLE_TO_CREATE_VERIFICATION: { status: 500, message: "Unable to create verification" },
  SESSION_DATA_TOO_LARGE: {
    status: 500,
    message:
      "Session data exceeds the 4093-character cookie cache limit: disable session.cookieCache or reduce session data",
  },
  HEADERS_REQUIRED: { status: 400, message: "Headers is required" },
  REQUEST_REQUIRED: { status: 400, message: "Request is required" },
  INVALID_BASE_URL: { status: 500, message: "Invalid base URL" },
});

/** Codes of the core catalogue. */
export type CoreErrorCode = keyof typeof CORE_ERRORS;

/**
 * verify-email's JSON refusal of a bad, used or expired link: INVALID_TOKEN as reset-password says it,
 * but 401, as better-auth's client expects of this endpoint. Outside the catalogue because one code
 * has one status there; the code, which clients compare, stays the same.
 */
export const VERIFY_EMAIL_INVALID_TOKEN: CatalogueError = { ...CORE_ERRORS.INVALID_TOKEN, status: 401 };
