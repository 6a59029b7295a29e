import type { RouteEntry } from "@gatehouse-auth/core/routes";

/**
 * The plugin's routes: client call path → method and path. Browser-safe; the server's endpoints are
 * tested against it (routes-table.test.ts) so the two cannot drift. No call changes the session.
 */
export const JWT_ROUTES = {
  token: { method: "GET", path: "/token" },
  jwks: { method: "GET", path: "/jwks" },
} as const satisfies Record<string, RouteEntry>;
