import type { RouteEntry } from "@gatehouse-auth/core/routes";

/**
 * The plugin's routes: client call path → method, path, and the client state a success makes stale.
 * Browser-safe; the server's endpoints are tested against it (routes-table.test.ts) so the two cannot
 * drift. Switching and revoking change who is signed in, so they refresh the session store.
 */
export const MULTI_SESSION_ROUTES = {
  "multiSession.listDeviceSessions": { method: "GET", path: "/multi-session/list-device-sessions" },
  "multiSession.setActive": { method: "POST", path: "/multi-session/set-active", invalidates: ["session"] },
  "multiSession.revoke": { method: "POST", path: "/multi-session/revoke", invalidates: ["session"] },
} as const satisfies Record<string, RouteEntry>;
