import { defineErrors } from "@gatehouse-auth/core";

/** The two-factor plugin's error catalogue; it owns status and message. */
export const TWO_FACTOR_ERRORS = defineErrors({
  INVALID_TWO_FACTOR_CODE: { status: 401, message: "Invalid two-factor code" },
  TWO_FACTOR_CHALLENGE_INVALID: { status: 401, message: "No pending two-factor sign-in; sign in again" },
  TWO_FACTOR_TOO_MANY_ATTEMPTS: { status: 401, message: "Too many wrong codes; sign in again" },
  TWO_FACTOR_SLOW_DOWN: { status: 429, message: "Too many wrong codes; wait before trying again" },
  TWO_FACTOR_LOCKED: {
    status: 429,
    message: "Too many wrong codes for this account; try again later, or use a trusted browser or a passkey",
  },
  TWO_FACTOR_NOT_ENABLED: { status: 400, message: "Two-factor authentication is not enabled" },
  TWO_FACTOR_ALREADY_ENABLED: {
    status: 409,
    message: "Two-factor authentication is already enabled; disable it first",
  },
  TOTP_NOT_SET_UP: { status: 400, message: "Enable two-factor authentication first" },
  TWO_FACTOR_OTP_DISABLED: { status: 400, message: "Codes by email or SMS are not enabled" },
  TWO_FACTOR_OTP_EXPIRED: { status: 401, message: "The code expired; request a new one" },
  TWO_FACTOR_OTP_SEND_LIMIT: { status: 429, message: "Too many codes requested; sign in again" },
  TWO_FACTOR_OTP_SEND_FAILED: { status: 502, message: "The code could not be sent; try again later" },
  TWO_FACTOR_PASSWORD_REQUIRED: { status: 400, message: "Password is required" },
});
