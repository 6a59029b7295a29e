/** @gatehouse-auth/audit-log — an audit log of security-relevant events for Gatehouse. */
export { auditLog } from "./audit-log-plugin.js";
export type { AuditLogOptions } from "./audit-log-options.js";
export { auditLogStatements } from "./audit-log-options.js";
export type { AuditEvent, AuditOutcome, NewAuditEvent } from "./audit-event.js";
export { AUDIT_LOG_ERRORS } from "./audit-log-errors.js";
export { AUDIT_LOG_ROUTES } from "./routes-table.js";
export { EVENT_RULES } from "./event-map.js";
export type { PluginAuditEvent } from "./plugin-audit-event.js";
export { DAILY_COUNTED_TYPES } from "./audit-daily-count.js";
