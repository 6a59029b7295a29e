import { defineErrors } from "@gatehouse-auth/core";

/** The multi-session plugin's error catalogue; it owns status and message. */
export const MULTI_SESSION_ERRORS = defineErrors({
  // A valid token that this browser never signed in with (copied from another device) is refused too.
  MULTI_SESSION_NOT_ON_DEVICE: { status: 403, message: "This session is not signed in on this device" },
  MULTI_SESSION_INVALID: { status: 401, message: "This session has expired or was signed out" },
  MULTI_SESSION_IMPERSONATING: {
    status: 403,
    message: "Stop impersonating before switching accounts or signing out of one",
  },
});
