import { CORE_ERRORS, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { AUDIT_LOG_ERRORS } from "../audit-log-errors.js";
import type { ResolvedAuditLogOptions } from "../audit-log-options.js";
import { auditPageResponse, listAuditEvents, pageQuery } from "../list-audit-events.js";

/**
 * GET /list-security-events?type&from&to&cursor&limit: the caller's own events (sign-ins with address and
 * device, failed attempts on the account, password and email changes), newest first, at most 50 a page.
 * Events another user caused (an admin's ban, an impersonation) come without that person's address.
 */
export const listSecurityEvents = (o: ResolvedAuditLogOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/list-security-events",
      session: "required",
      query: z.strictObject(pageQuery),
      tags: ["audit-log"],
      openapi: {
        summary: "List your own security events",
        description: "Newest first; pass nextCursor back as cursor for the next page. limit 1..50 (default 50).",
        response: auditPageResponse,
        errors: [
          AUDIT_LOG_ERRORS.AUDIT_LOG_INVALID_CURSOR,
          AUDIT_LOG_ERRORS.AUDIT_LOG_INVALID_DATE,
          CORE_ERRORS.UNAUTHORIZED,
        ],
      },
    },
    async (ctx) => {
      const me = ctx.session.user.id;
      const page = await listAuditEvents(o, ctx.auth, [{ field: "userId", value: me }], ctx.query, 50);
      // What another person did to the account is shown, but not where they did it from: an admin's
      // address and browser are not the user's to see. Attempts by nobody (failed sign-ins) keep theirs.
      for (const event of page.events) {
        if (event.actorUserId !== null && event.actorUserId !== me) {
          event.ipAddress = null;
          event.userAgent = null;
        }
      }
      return page;
    },
  );
