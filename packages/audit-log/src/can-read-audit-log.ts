import { hasPermission } from "@gatehouse-auth/core";
import type { ResolvedAuditLogOptions } from "./audit-log-options.js";
import { auditLogStatements } from "./audit-log-options.js";

const rolesOf = (role: unknown): string[] =>
  typeof role === "string"
    ? role
        .split(",")
        .map((r) => r.trim())
        .filter(Boolean)
    : [];

/**
 * Whether `user` may read the whole audit log: a listed id, or a role granting `auditLog: ["list"]` when
 * the admin plugin's roles were given, else a role listed in `adminRoles`. Reads the admin plugin's `role`
 * column without depending on the plugin.
 */
export function canReadAuditLog(o: ResolvedAuditLogOptions, user: { id: string; role?: unknown }): boolean {
  if (o.adminUserIds.has(user.id)) return true;
  const roles = rolesOf(user.role);
  if (o.roles) return roles.length > 0 && hasPermission(o.roles, roles, auditLogStatements).success;
  return roles.some((r) => o.adminRoles.includes(r));
}

/** Whether an organization member's role (comma-separated) is one allowed to read its audit log. */
export function canReadOrganizationLog(o: ResolvedAuditLogOptions, memberRole: unknown): boolean {
  return rolesOf(memberRole).some((r) => o.organizationRoles.includes(r));
}
