import { defineErrors } from "@gatehouse-auth/core";

/** The device approval API's catalogue (the app's verification page calls it; RFC 8628 §3.3). */
export const DEVICE_ERRORS = defineErrors({
  DEVICE_CODE_NOT_FOUND: { status: 404, message: "No pending device sign-in has this code" },
  DEVICE_CODE_EXPIRED: { status: 400, message: "The device code has expired" },
  DEVICE_CODE_CLAIMED: { status: 403, message: "Another account is deciding this device sign-in" },
  DEVICE_CODE_DECIDED: { status: 400, message: "The device sign-in was already decided" },
});
