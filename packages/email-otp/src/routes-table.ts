import type { RouteEntry } from "@gatehouse-auth/core/routes";

const session = ["session"] as const;

/**
 * The plugin's routes: client call path → method, path, and the client state a success makes stale
 * (sign-in and verify-email change the session: SPEC.md §4). Browser-safe; the server's endpoints are
 * tested against it (routes-table.test.ts) so the two cannot drift.
 */
export const EMAIL_OTP_ROUTES = {
  "emailOtp.sendVerificationOtp": { method: "POST", path: "/email-otp/send-verification-otp" },
  "emailOtp.requestPasswordReset": { method: "POST", path: "/email-otp/request-password-reset" },
  "signIn.emailOtp": { method: "POST", path: "/sign-in/email-otp", invalidates: session },
  "emailOtp.verifyEmail": { method: "POST", path: "/email-otp/verify-email", invalidates: session },
  "emailOtp.resetPassword": { method: "POST", path: "/email-otp/reset-password" },
} as const satisfies Record<string, RouteEntry>;
