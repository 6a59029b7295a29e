/** The statements the dashboard adds: pass them to `createAccessControl` when your app defines its own roles. */
export const dashboardStatements = {
  dashboard: ["view"],
  organization: ["list", "get"],
  apiKey: ["list", "delete"],
} as const;

/**
 * The admin plugin's statements (`adminStatements` in @gatehouse-auth/admin's access-control.ts) and the
 * audit log's (`auditLogStatements` in @gatehouse-auth/audit-log's audit-log-options.ts), copied as data:
 * the dashboard reports them in `permissions` without depending on either plugin at runtime. The tests
 * compare these lists with the plugins' own, so they cannot drift.
 */
export const reportedPluginStatements = {
  user: ["create", "list", "set-role", "ban", "impersonate", "delete", "set-password", "get", "update"],
  session: ["list", "revoke", "delete"],
  auditLog: ["list"],
} as const;

/** Every resource and action the dashboard reports in `permissions`, its own included. */
export const allDashboardStatements: Readonly<Record<string, readonly string[]>> = {
  ...reportedPluginStatements,
  ...dashboardStatements,
};
