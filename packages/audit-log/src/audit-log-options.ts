import type { OptionKeysOf, Role, Statements } from "@gatehouse-auth/core";
import type { NewAuditEvent } from "./audit-event.js";

/** The statement an application adds to its admin roles to grant `GET /admin/audit-log`. */
export const auditLogStatements = { auditLog: ["list"] } as const;

/** Options of `auditLog()`. Every field is optional. */
export interface AuditLogOptions {
  /** Store events in the `auditEvent` table. Default true; set false to only send them to `sink`. */
  database?: boolean;
  /** Also (or instead) hand every event to this function: a log pipeline, a SIEM. Failures are logged. */
  sink?: (event: NewAuditEvent) => void | Promise<void>;
  /**
   * Delete stored events older than this many days: the cleanup job does it (`auth.api.cleanup()`,
   * `npx gatehouse-auth cleanup` or core's `cleanup.interval`; docs/production.md). Default: keep.
   */
  retentionDays?: number;
  /**
   * Roles (the admin plugin's `role` column, comma-separated) that may read `GET /admin/audit-log`.
   * Default `["admin"]`. Ignored when `roles` is given.
   */
  adminRoles?: readonly string[];
  /** User ids that may always read the admin audit log. */
  adminUserIds?: readonly string[];
  /**
   * The admin plugin's roles, when they are built with an access control that includes
   * `auditLogStatements`: then exactly the roles granting `auditLog: ["list"]` may read the log.
   */
  roles?: Record<string, Role<Statements>>;
  /** Organization roles that may read `GET /organization/audit-log`. Default `["owner", "admin"]`. */
  organizationRoles?: readonly string[];
}

/** The names `auditLog()` accepts: core refuses any other at start-up. */
export const AUDIT_LOG_OPTION_KEYS = {
  database: true,
  sink: true,
  retentionDays: true,
  adminRoles: true,
  adminUserIds: true,
  roles: true, // role names are the app's
  organizationRoles: true,
} as const satisfies OptionKeysOf<AuditLogOptions>;

/** Options with every default applied. */
export interface ResolvedAuditLogOptions {
  database: boolean;
  sink: ((event: NewAuditEvent) => void | Promise<void>) | null;
  retentionMs: number | null;
  adminRoles: readonly string[];
  adminUserIds: ReadonlySet<string>;
  roles: Record<string, Role<Statements>> | null;
  organizationRoles: readonly string[];
}

/** Applies the defaults; a retention that is not a positive whole number of days is a startup error. */
export function resolveAuditLogOptions(options: AuditLogOptions): ResolvedAuditLogOptions {
  const days = options.retentionDays;
  if (days !== undefined && (!Number.isInteger(days) || days < 1 || days > 36500))
    throw new Error("Gatehouse audit-log: retentionDays must be a whole number of days between 1 and 36500");
  if (options.database === false && !options.sink)
    throw new Error("Gatehouse audit-log: with database: false, a sink is required");
  return {
    database: options.database ?? true,
    sink: options.sink ?? null,
    retentionMs: days === undefined ? null : days * 86_400_000,
    adminRoles: options.adminRoles ?? ["admin"],
    adminUserIds: new Set(options.adminUserIds ?? []),
    roles: options.roles ?? null,
    organizationRoles: options.organizationRoles ?? ["owner", "admin"],
  };
}
