import { defineErrors } from "@gatehouse-auth/core";

/**
 * The magic-link plugin's error catalogue; it owns status and message. A failed link usually answers a
 * redirect carrying the code in lower case (`?error=invalid_token`); these are the JSON answers when the
 * link carried no callback URL.
 */
export const MAGIC_LINK_ERRORS = defineErrors({
  MAGIC_LINK_INVALID_TOKEN: { status: 400, message: "Invalid or already used magic link" },
  MAGIC_LINK_EXPIRED: { status: 400, message: "Magic link expired" },
  MAGIC_LINK_SIGN_UP_DISABLED: { status: 403, message: "Sign-up by magic link is disabled" },
  MAGIC_LINK_SEND_LIMIT: { status: 429, message: "Too many magic links requested for this address; try again later" },
});
