import { AuthError, CORE_ERRORS, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { AUDIT_LOG_ERRORS } from "../audit-log-errors.js";
import type { ResolvedAuditLogOptions } from "../audit-log-options.js";
import { canReadOrganizationLog } from "../can-read-audit-log.js";
import { auditPageResponse, listAuditEvents, pageQuery } from "../list-audit-events.js";

/**
 * GET /organization/audit-log?organizationId&type&from&to&cursor&limit: one organization's events, newest
 * first, for its owners and admins (`organizationRoles`). Without organizationId, the active organization.
 * A member with another role and a stranger get the same 403, so the answer does not say whether the
 * organization exists.
 */
export const listOrganizationAuditLog = (o: ResolvedAuditLogOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/organization/audit-log",
      session: "required",
      query: z.strictObject({ ...pageQuery, organizationId: z.string().min(1).max(255).optional() }),
      tags: ["audit-log"],
      openapi: {
        summary: "List an organization's audit log (owners and admins)",
        description: "Newest first; pass nextCursor back as cursor for the next page. limit 1..100 (default 100).",
        response: auditPageResponse,
        errors: [
          AUDIT_LOG_ERRORS.AUDIT_LOG_NOT_ALLOWED,
          AUDIT_LOG_ERRORS.AUDIT_LOG_NO_ORGANIZATION,
          AUDIT_LOG_ERRORS.AUDIT_LOG_INVALID_CURSOR,
          AUDIT_LOG_ERRORS.AUDIT_LOG_INVALID_DATE,
          CORE_ERRORS.UNAUTHORIZED,
        ],
      },
    },
    async (ctx) => {
      const active = (ctx.session.session as { activeOrganizationId?: unknown }).activeOrganizationId;
      const organizationId = ctx.query.organizationId ?? (typeof active === "string" ? active : undefined);
      if (!organizationId) throw new AuthError(AUDIT_LOG_ERRORS.AUDIT_LOG_NO_ORGANIZATION);
      // Without the organization plugin there are no members, so nobody may read an organization's log.
      const member = ctx.auth.schema.member
        ? await ctx.auth.db.findOne<{ role?: unknown }>({
            model: "member",
            where: [
              { field: "organizationId", value: organizationId },
              { field: "userId", value: ctx.session.user.id },
            ],
          })
        : null;
      // An impersonating admin reads as the user; the user's own role decides.
      if (!member || !canReadOrganizationLog(o, member.role))
        throw new AuthError(AUDIT_LOG_ERRORS.AUDIT_LOG_NOT_ALLOWED);
      return listAuditEvents(o, ctx.auth, [{ field: "organizationId", value: organizationId }], ctx.query, 100);
    },
  );
