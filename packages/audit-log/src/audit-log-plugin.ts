import { definePlugin } from "@gatehouse-auth/core";
import { AUDIT_LOG_ERRORS } from "./audit-log-errors.js";
import { AUDIT_LOG_OPTION_KEYS, type AuditLogOptions, resolveAuditLogOptions } from "./audit-log-options.js";
import { auditDailyCountSchema } from "./audit-daily-count.js";
import { auditLogSchema } from "./audit-log-schema.js";
import { createAuditRecorder } from "./audit-recorder.js";
import { preCaptureHook } from "./pre-capture.js";
import type { RateLimitedRequest } from "./rate-limited-request.js";
import { listAdminAuditLog } from "./routes/list-admin-audit-log.js";
import { listOrganizationAuditLog } from "./routes/list-organization-audit-log.js";
import { listSecurityEvents } from "./routes/list-security-events.js";

/**
 * The audit-log plugin: records every security-relevant event (sign-ins and failures, password, email,
 * sessions, admin actions, API keys, two-factor, organizations) with actor, subject, address, user agent
 * and outcome, in the `auditEvent` table and/or a sink — never blocking or failing the request — and
 * serves it to admins, organization owners and admins, and each user for their own account.
 */
export const auditLog = (options: AuditLogOptions = {}) => {
  const o = resolveAuditLogOptions(options);
  const recorder = createAuditRecorder(o);
  return definePlugin({
    id: "audit-log",
    // A misspelt option (retentionDay) is refused at start-up instead of silently ignored.
    optionKeys: { given: options, keys: AUDIT_LOG_OPTION_KEYS },
    errors: AUDIT_LOG_ERRORS,
    schema: o.database ? { ...auditLogSchema, ...auditDailyCountSchema } : {},
    hooks: { before: [preCaptureHook(recorder.pre)] },
    // Retention is the cleanup job's (auth.api.cleanup(), npx gatehouse-auth cleanup), on createdAt's index;
    // the daily counters go with their events: a day before the cutoff's day has no event left to count.
    cleanup:
      o.database && o.retentionMs !== null
        ? [
            { model: "auditEvent", field: "createdAt", before: (now: number) => new Date(now - (o.retentionMs ?? 0)) },
            {
              model: "auditDailyCount",
              field: "day",
              before: (now: number) => new Date(now - (o.retentionMs ?? 0)).toISOString().slice(0, 10),
            },
          ]
        : [],
    init(ctx) {
      recorder.bind(ctx);
    },
    onEndpointSettled: (ctx, outcome) => recorder.settled(ctx, outcome),
    onUserSessionsEnded: (event) => recorder.sessionsEnded(event),
    // For core's proposed rate-limit report (a 429 answered before any endpoint runs); until core calls
    // it, only plugins' own 429s are recorded, through onEndpointSettled.
    onRateLimited: (request: RateLimitedRequest) => recorder.rateLimited(request),
    // With a sink only there is nothing to list: the endpoints answer 404 (see listAuditEvents).
    endpoints: {
      listAdminAuditLog: listAdminAuditLog(o),
      listSecurityEvents: listSecurityEvents(o),
      listOrganizationAuditLog: listOrganizationAuditLog(o),
    },
  });
};
