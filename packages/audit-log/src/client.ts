/** @gatehouse-auth/audit-log/client — the browser half: the routes table for the typed client. */
import type { auditLog } from "./audit-log-plugin.js";
import { AUDIT_LOG_ROUTES } from "./routes-table.js";

export { AUDIT_LOG_ROUTES } from "./routes-table.js";

/**
 * The client plugin: `createAuthClient({ plugins: [auditLogClient()] })` adds `client.admin.auditLog()`,
 * `client.listSecurityEvents()` and `client.organization.auditLog()`.
 */
export function auditLogClient() {
  const plugin = { id: "audit-log", routes: AUDIT_LOG_ROUTES } as const;
  // Type only: the client infers each call's query and result from the server's endpoints.
  return plugin as typeof plugin & { $endpoints?: ReturnType<typeof auditLog>["endpoints"] };
}
