import type { RouteEntry } from "@gatehouse-auth/core/routes";

const session = ["session"] as const;

/**
 * The plugin's routes: client call path → method, path, and the client state a success makes stale
 * (impersonating and stopping switch the browser's session). Browser-safe; the server's endpoints are
 * tested against it (routes-table.test.ts) so the two cannot drift.
 */
export const ADMIN_ROUTES = {
  "admin.createUser": { method: "POST", path: "/admin/create-user" },
  "admin.listUsers": { method: "GET", path: "/admin/list-users" },
  "admin.getUser": { method: "GET", path: "/admin/get-user" },
  "admin.updateUser": { method: "POST", path: "/admin/update-user" },
  "admin.setRole": { method: "POST", path: "/admin/set-role" },
  "admin.banUser": { method: "POST", path: "/admin/ban-user" },
  "admin.unbanUser": { method: "POST", path: "/admin/unban-user" },
  "admin.listUserSessions": { method: "POST", path: "/admin/list-user-sessions" },
  "admin.revokeUserSession": { method: "POST", path: "/admin/revoke-user-session" },
  "admin.revokeUserSessions": { method: "POST", path: "/admin/revoke-user-sessions" },
  "admin.impersonateUser": { method: "POST", path: "/admin/impersonate-user", invalidates: session },
  "admin.stopImpersonating": { method: "POST", path: "/admin/stop-impersonating", invalidates: session },
  "admin.removeUser": { method: "POST", path: "/admin/remove-user" },
  "admin.setUserPassword": { method: "POST", path: "/admin/set-user-password" },
  "admin.hasPermission": { method: "POST", path: "/admin/has-permission" },
} as const satisfies Record<string, RouteEntry>;
