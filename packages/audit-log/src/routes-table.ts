import type { RouteEntry } from "@gatehouse-auth/core/routes";

/**
 * The plugin's routes: client call path → method and path. Browser-safe; the server's endpoints are
 * tested against it (routes-table.test.ts) so the two cannot drift. All read-only: nothing to invalidate.
 */
export const AUDIT_LOG_ROUTES = {
  "admin.auditLog": { method: "GET", path: "/admin/audit-log" },
  listSecurityEvents: { method: "GET", path: "/list-security-events" },
  "organization.auditLog": { method: "GET", path: "/organization/audit-log" },
} as const satisfies Record<string, RouteEntry>;
