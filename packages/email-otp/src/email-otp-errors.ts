import { defineErrors } from "@gatehouse-auth/core";

/**
 * The email-OTP plugin's error catalogue; it owns status and message. Codes are unique across the
 * installed plugins' catalogues (a clash fails createAuth), hence the EMAIL_OTP_ prefix.
 */
export const EMAIL_OTP_ERRORS = defineErrors({
  EMAIL_OTP_INVALID: { status: 400, message: "Invalid OTP" },
  EMAIL_OTP_EXPIRED: { status: 400, message: "OTP expired" },
  EMAIL_OTP_TOO_MANY_ATTEMPTS: { status: 403, message: "Too many attempts; request a new code" },
  EMAIL_OTP_SEND_LIMIT: { status: 429, message: "Too many codes requested for this email; try again later" },
});
