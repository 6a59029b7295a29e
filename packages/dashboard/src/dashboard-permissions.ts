import { hasPermission } from "@gatehouse-auth/core";
import type { ResolvedDashboardOptions } from "./dashboard-options.js";
import { allDashboardStatements } from "./dashboard-statements.js";

/** Granted actions by resource; resources with nothing granted are absent. */
export type DashboardPermissions = Record<string, string[]>;

/** The admin plugin's `role` column as a list: comma-separated, trimmed, blanks dropped. */
export function rolesOf(role: unknown): string[] {
  return typeof role === "string"
    ? role
        .split(",")
        .map((r) => r.trim())
        .filter(Boolean)
    : [];
}

/**
 * What `user` may do, over the admin plugin's, the audit log's and the dashboard's statements: everything
 * for a listed id; with `roles`, exactly what the user's roles grant; else everything for an `adminRoles`
 * holder and nothing for anyone else. Reads the admin plugin's `role` column without depending on it.
 */
export function computePermissions(
  o: ResolvedDashboardOptions,
  user: { id: string; role?: unknown },
): DashboardPermissions {
  const roles = rolesOf(user.role);
  const all = o.adminUserIds.has(user.id) || (!o.roles && roles.some((r) => o.adminRoles.includes(r)));
  const granted: DashboardPermissions = {};
  for (const [resource, actions] of Object.entries(allDashboardStatements)) {
    const allowed = all
      ? [...actions]
      : o.roles && roles.length > 0
        ? actions.filter((action) => hasPermission(o.roles ?? {}, roles, { [resource]: [action] }).success)
        : [];
    if (allowed.length > 0) granted[resource] = allowed;
  }
  return granted;
}

/** Whether `permissions` grants every action of `request`. */
export function grants(permissions: DashboardPermissions, request: Record<string, readonly string[]>): boolean {
  return Object.entries(request).every(([resource, actions]) =>
    actions.every((a) => Object.hasOwn(permissions, resource) && (permissions[resource] ?? []).includes(a)),
  );
}
