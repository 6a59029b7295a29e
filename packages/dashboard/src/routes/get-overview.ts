import { CORE_ERRORS, defineEndpoint } from "@gatehouse/core";
import { z } from "zod";
import { authorizeDashboard } from "../authorize-dashboard.js";
import { countAuditDays, emptyDays } from "../count-audit-days.js";
import { API_KEY_MODEL } from "../dashboard-features.js";
import { DASHBOARD_ERRORS } from "../dashboard-errors.js";
import type { ResolvedDashboardOptions } from "../dashboard-options.js";

const response = z.object({
  days: z.array(z.object({ date: z.string(), signUps: z.number(), signIns: z.number(), failedSignIns: z.number() })),
  totals: z.object({
    users: z.number(),
    bannedUsers: z.number(),
    activeSessions: z.number(),
    organizations: z.number().nullable(),
    apiKeys: z.number().nullable(),
  }),
});

/**
 * GET {path}/api/overview?days=30 (1..90): sign-ups, sign-ins and failed sign-ins per UTC day, oldest
 * first (all zero without the audit log's table), and totals. Counts only: no rows are loaded beyond the
 * bounded tally of `countAuditDays`.
 */
export const getOverview = (o: ResolvedDashboardOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: `${o.path}/api/overview`,
      session: "required",
      query: z.strictObject({ days: z.coerce.number().int().min(1).max(90).default(30) }),
      openapi: {
        summary: "Dashboard: activity and totals",
        response,
        errors: [
          CORE_ERRORS.UNAUTHORIZED,
          DASHBOARD_ERRORS.DASHBOARD_NOT_ALLOWED,
          DASHBOARD_ERRORS.DASHBOARD_NOT_ALLOWED_WHILE_IMPERSONATING,
        ],
      },
    },
    async (ctx) => {
      const { features } = authorizeDashboard(o, ctx);
      const { db, schema } = ctx.auth;
      const now = ctx.auth.now();
      const [days, users, bannedUsers, activeSessions, organizations, apiKeys] = await Promise.all([
        features.auditLog ? countAuditDays(db, now, ctx.query.days) : emptyDays(now, ctx.query.days),
        db.count({ model: "user" }),
        schema.user?.fields.banned ? db.count({ model: "user", where: [{ field: "banned", value: true }] }) : 0,
        db.count({ model: "session", where: [{ field: "expiresAt", operator: "gt", value: new Date(now) }] }),
        features.organization ? db.count({ model: "organization" }) : null,
        features.apiKey ? db.count({ model: API_KEY_MODEL }) : null,
      ]);
      return { days, totals: { users, bannedUsers, activeSessions, organizations, apiKeys } };
    },
  );
