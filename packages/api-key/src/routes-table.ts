import type { RouteEntry } from "@gatehouse-auth/core/routes";

/**
 * The plugin's routes: client call path → method and path. Browser-safe; the server's endpoints are
 * tested against it (routes-table.test.ts) so the two cannot drift. No call changes the session.
 */
export const API_KEY_ROUTES = {
  "apiKey.create": { method: "POST", path: "/api-key/create" },
  "apiKey.get": { method: "GET", path: "/api-key/get" },
  "apiKey.list": { method: "GET", path: "/api-key/list" },
  "apiKey.update": { method: "POST", path: "/api-key/update" },
  "apiKey.delete": { method: "POST", path: "/api-key/delete" },
  "apiKey.verify": { method: "POST", path: "/api-key/verify" },
  "apiKey.deleteAllExpiredApiKeys": { method: "POST", path: "/api-key/delete-all-expired-api-keys" },
} as const satisfies Record<string, RouteEntry>;
