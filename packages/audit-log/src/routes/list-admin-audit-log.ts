import { AuthError, CORE_ERRORS, defineEndpoint } from "@gatehouse-auth/core";
import type { Where } from "@gatehouse-auth/core";
import { z } from "zod";
import { AUDIT_LOG_ERRORS } from "../audit-log-errors.js";
import type { ResolvedAuditLogOptions } from "../audit-log-options.js";
import { canReadAuditLog } from "../can-read-audit-log.js";
import { adminFilterQuery, auditPageResponse, listAuditEvents, pageQuery } from "../list-audit-events.js";

/**
 * GET /admin/audit-log?userId&actorUserId&type&organizationId&from&to&cursor&limit: every recorded event,
 * newest first, for administrators (see `canReadAuditLog`). An impersonation session reads as the user
 * it impersonates, so an admin impersonating a non-admin is refused too.
 */
export const listAdminAuditLog = (o: ResolvedAuditLogOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/admin/audit-log",
      session: "required",
      query: z.strictObject({ ...pageQuery, ...adminFilterQuery }),
      tags: ["audit-log"],
      openapi: {
        summary: "List the audit log (admins)",
        description:
          "Newest first; pass nextCursor back as cursor for the next page. limit 1..100 (default 100). Requires an admin role (auditLog: list).",
        response: auditPageResponse,
        errors: [
          AUDIT_LOG_ERRORS.AUDIT_LOG_NOT_ALLOWED,
          AUDIT_LOG_ERRORS.AUDIT_LOG_INVALID_CURSOR,
          AUDIT_LOG_ERRORS.AUDIT_LOG_INVALID_DATE,
          CORE_ERRORS.UNAUTHORIZED,
        ],
      },
    },
    async (ctx) => {
      if (!canReadAuditLog(o, ctx.session.user as { id: string; role?: unknown }))
        throw new AuthError(AUDIT_LOG_ERRORS.AUDIT_LOG_NOT_ALLOWED);
      const { userId, actorUserId, organizationId } = ctx.query;
      const where: Where[] = [];
      if (userId) where.push({ field: "userId", value: userId });
      if (actorUserId) where.push({ field: "actorUserId", value: actorUserId });
      if (organizationId) where.push({ field: "organizationId", value: organizationId });
      return listAuditEvents(o, ctx.auth, where, ctx.query, 100);
    },
  );
