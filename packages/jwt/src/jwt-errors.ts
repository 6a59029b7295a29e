import { defineErrors } from "@gatehouse-auth/core";

/** The JWT plugin's error catalogue; it owns status and message. */
export const JWT_ERRORS = defineErrors({
  // The stored private key does not decrypt: the secret changed under the same key id, or the row was altered.
  // An API key's (or another plugin's synthetic) session: a JWT would carry that credential to other services.
  SESSION_REQUIRED: { status: 403, message: "A JWT is only issued to a signed-in session" },
  SIGNING_KEY_UNAVAILABLE: { status: 500, message: "The JWT signing key could not be loaded" },
});
