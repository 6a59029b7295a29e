import { defineErrors } from "@gatehouse-auth/core";

/** The passkey plugin's error catalogue; it owns status and message. */
export const PASSKEY_ERRORS = defineErrors({
  PASSKEY_CHALLENGE_INVALID: {
    status: 400,
    message: "No passkey ceremony pending in this browser, or it expired; start again",
  },
  PASSKEY_REGISTRATION_FAILED: { status: 400, message: "The passkey could not be verified" },
  PASSKEY_AUTHENTICATION_FAILED: { status: 401, message: "The passkey could not be verified" },
  PASSKEY_NOT_FOUND: { status: 404, message: "Passkey not found" },
  PASSKEY_ALREADY_REGISTERED: { status: 409, message: "This passkey is already registered" },
});
