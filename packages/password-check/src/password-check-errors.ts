import { defineErrors } from "@gatehouse-auth/core";

/**
 * The password-check plugin's catalogue; it owns status and message. Both are 400 like core's
 * PASSWORD_TOO_SHORT: the input is bad, not the caller. Neither message echoes the password.
 */
export const PASSWORD_CHECK_ERRORS = defineErrors({
  /** On a common-password list, or seen in breaches (Have I Been Pwned); `reason` says which. */
  PASSWORD_COMPROMISED: {
    status: 400,
    message: "This password is too common or has appeared in a data breach; choose a different one",
  },
  /** Below `minScore`; `feedback` carries zxcvbn-ts's warning and suggestions. */
  PASSWORD_TOO_WEAK: { status: 400, message: "This password is too easy to guess; choose a stronger one" },
});
