import { defineErrors } from "@gatehouse-auth/core";

/** The audit-log plugin's error catalogue; it owns status and message. */
export const AUDIT_LOG_ERRORS = defineErrors({
  AUDIT_LOG_INVALID_CURSOR: { status: 400, message: "Invalid cursor" },
  AUDIT_LOG_INVALID_DATE: { status: 400, message: "from and to must be ISO 8601 dates, from not after to" },
  AUDIT_LOG_NO_ORGANIZATION: { status: 400, message: "No organizationId given and no active organization" },
  AUDIT_LOG_NOT_ALLOWED: { status: 403, message: "You are not allowed to read this audit log" },
});
