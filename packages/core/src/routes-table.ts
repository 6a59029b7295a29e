/**
 * @gatehouse-auth/core/routes — core's routes table: method, path, and which client state a successful call
 * makes stale. Browser-safe (no server code): the typed client reads it, the server's endpoints are
 * tested against it (core-routes.test.ts), so the two cannot drift.
 */
export interface RouteEntry {
  method: "GET" | "POST";
  path: string;
  /** Client stores to refetch after success (SPEC.md §4: the session, 10 ms after these calls). */
  invalidates?: readonly ("session" | "organization")[];
}

const session = ["session"] as const;

/** Keyed by the client call path (`signIn.email` → POST /sign-in/email). */
export const CORE_ROUTES = {
  "signUp.email": { method: "POST", path: "/sign-up/email", invalidates: session },
  "signIn.email": { method: "POST", path: "/sign-in/email", invalidates: session },
  "signIn.social": { method: "POST", path: "/sign-in/social", invalidates: session },
  signOut: { method: "POST", path: "/sign-out", invalidates: session },
  getSession: { method: "GET", path: "/get-session" },
  listSessions: { method: "GET", path: "/list-sessions" },
  revokeSession: { method: "POST", path: "/revoke-session" },
  revokeSessions: { method: "POST", path: "/revoke-sessions", invalidates: session },
  revokeOtherSessions: { method: "POST", path: "/revoke-other-sessions" },
  updateUser: { method: "POST", path: "/update-user", invalidates: session },
  changePassword: { method: "POST", path: "/change-password", invalidates: session },
  sendVerificationEmail: { method: "POST", path: "/send-verification-email" },
  verifyEmail: { method: "GET", path: "/verify-email", invalidates: session },
  requestPasswordReset: { method: "POST", path: "/request-password-reset" },
  forgetPassword: { method: "POST", path: "/forget-password" },
  resetPassword: { method: "POST", path: "/reset-password" },
  changeEmail: { method: "POST", path: "/change-email" },
  deleteUser: { method: "POST", path: "/delete-user", invalidates: session },
  listAccounts: { method: "GET", path: "/list-accounts" },
  unlinkAccount: { method: "POST", path: "/unlink-account" },
  linkSocial: { method: "POST", path: "/link-social" },
  getAccessToken: { method: "POST", path: "/get-access-token" },
  refreshToken: { method: "POST", path: "/refresh-token" },
  // GET, as better-auth's client calls it; the server answers POST {accountId} too.
  accountInfo: { method: "GET", path: "/account-info" },
  ok: { method: "GET", path: "/ok" },
  capabilities: { method: "GET", path: "/capabilities" },
  ready: { method: "GET", path: "/ready" },
} as const satisfies Record<string, RouteEntry>;
