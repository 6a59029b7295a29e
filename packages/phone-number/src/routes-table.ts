import type { RouteEntry } from "@gatehouse-auth/core/routes";

const session = ["session"] as const;

/**
 * The plugin's routes: client call path → method, path, and the client state a success makes stale
 * (verify, update and sign-in change the session: SPEC.md §7). Browser-safe; the server's endpoints are
 * tested against it (routes-table.test.ts) so the two cannot drift.
 */
export const PHONE_NUMBER_ROUTES = {
  "phoneNumber.sendOtp": { method: "POST", path: "/phone-number/send-otp" },
  "phoneNumber.verify": { method: "POST", path: "/phone-number/verify", invalidates: session },
  "phoneNumber.update": { method: "POST", path: "/phone-number/update", invalidates: session },
  "signIn.phoneNumber": { method: "POST", path: "/sign-in/phone-number", invalidates: session },
  "phoneNumber.requestPasswordReset": { method: "POST", path: "/phone-number/request-password-reset" },
  "phoneNumber.resetPassword": { method: "POST", path: "/phone-number/reset-password" },
} as const satisfies Record<string, RouteEntry>;
