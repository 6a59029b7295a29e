import { defineErrors } from "./auth-error.js";

/** Core's error catalogue: SPEC.md §8 wording, one status per code. */
export const CORE_ERRORS = defineErrors({
  VALIDATION_ERROR: { status: 400, message: "Invalid body parameters" },
  INVALID_JSON: { status: 400, message: "Request body is not valid JSON" },
  PAYLOAD_TOO_LARGE: { status: 413, message: "Request body is too large" },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: "Request body must be JSON or form data" },
  NOT_FOUND: { status: 404, message: "Not found" },
  METHOD_NOT_ALLOWED: { status: 405, message: "Method not allowed" },
  BAD_REQUEST: { status: 400, message: "Bad request" },
  INTERNAL_SERVER_ERROR: { status: 500, message: "Internal server error" },
  TOO_MANY_REQUESTS: { status: 429, message: "Too many requests. Please try again later." },
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
  USER_ALREADY_EXISTS: { status: 422, message: "User already exists" },
  EMAIL_CAN_NOT_BE_UPDATED: { status: 400, message: "Email can not be updated" },
  NO_FIELDS_TO_UPDATE: { status: 400, message: "No fields to update" },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { status: 400, message: "Credential account not found" },
  SESSION_NOT_FRESH: { status: 403, message: "Session is not fresh" },
  USER_NOT_FOUND: { status: 404, message: "User not found" },
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
