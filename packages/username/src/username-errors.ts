import { defineErrors } from "@gatehouse-auth/core";

/**
 * The username plugin's error catalogue; it owns status and message. A malformed username is 400 where
 * it is a field of sign-up or update-user, and 422 on the plugin's own routes, where it is the whole
 * request (TARGET.md "Username").
 */
export const USERNAME_ERRORS = defineErrors({
  INVALID_USERNAME: { status: 400, message: "Username is invalid" },
  UNPROCESSABLE_USERNAME: { status: 422, message: "Username is invalid" },
  USERNAME_IS_ALREADY_TAKEN: { status: 400, message: "Username is already taken. Please try another." },
  // One message for an unknown username and a wrong password: the answer must not tell them apart.
  INVALID_USERNAME_OR_PASSWORD: { status: 401, message: "Invalid username or password" },
});
