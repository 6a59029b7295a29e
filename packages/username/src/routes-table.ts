import type { RouteEntry } from "@gatehouse-auth/core/routes";

/**
 * The plugin's routes: client call path → method and path. Browser-safe; the server's endpoints are
 * tested against it (routes-table.test.ts) so the two cannot drift. A username sign-in changes the
 * session, so the client refetches it.
 */
export const USERNAME_ROUTES = {
  "signIn.username": { method: "POST", path: "/sign-in/username", invalidates: ["session"] },
  isUsernameAvailable: { method: "POST", path: "/is-username-available" },
} as const satisfies Record<string, RouteEntry>;
