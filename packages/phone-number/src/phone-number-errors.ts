import { defineErrors } from "@gatehouse-auth/core";

/**
 * The phone-number plugin's error catalogue; it owns status and message. Codes are unique across the
 * installed plugins' catalogues (a clash fails createAuth), hence the PHONE_ prefix where a name is generic.
 */
export const PHONE_NUMBER_ERRORS = defineErrors({
  INVALID_PHONE_NUMBER: { status: 400, message: "Invalid phone number" },
  INVALID_OTP: { status: 400, message: "Invalid OTP" },
  OTP_EXPIRED: { status: 400, message: "OTP expired" },
  TOO_MANY_ATTEMPTS: { status: 403, message: "Too many attempts; request a new code" },
  PHONE_OTP_SEND_LIMIT: { status: 429, message: "Too many codes requested for this phone number; try again later" },
  PHONE_NUMBER_TAKEN: { status: 400, message: "Phone number is already in use by another account" },
  PHONE_NUMBER_NOT_FOUND: { status: 400, message: "No account has this phone number" },
  INVALID_PHONE_NUMBER_OR_PASSWORD: { status: 401, message: "Invalid phone number or password" },
  PHONE_OTP_SEND_FAILED: { status: 502, message: "The code could not be sent; try again later" },
  PHONE_PASSWORD_RESET_DISABLED: { status: 400, message: "Password reset by phone isn't enabled" },
});
