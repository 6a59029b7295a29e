import { CORE_ERRORS, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { authorizeDashboard } from "../authorize-dashboard.js";
import { countAuditDays, DAILY_COUNT_MODEL, emptyDays } from "../count-audit-days.js";
import { DASHBOARD_ERRORS } from "../dashboard-errors.js";
import type { ResolvedDashboardOptions } from "../dashboard-options.js";
import { createOverviewTotals } from "../overview-totals.js";

const response = z.object({
  days: z.array(z.object({ date: z.string(), signUps: z.number(), signIns: z.number(), failedSignIns: z.number() })),
  totals: z.object({
    users: z.number(),
    bannedUsers: z.number(),
    activeSessions: z.number(),
    organizations: z.number().nullable(),
    apiKeys: z.number().nullable(),
  }),
  /** When the totals were counted: they are reused for up to a minute (see overview-totals.ts). */
  totalsCountedAt: z.string(),
  /** The totals that are the database's estimates (PostgreSQL past 100,000 rows), not exact counts. */
  totalsEstimated: z.array(z.enum(["users", "bannedUsers", "activeSessions", "organizations", "apiKeys"])),
  /** The totals counted up to 100,000 and found to be more (the value is 100,000: "100,000+"). */
  totalsAtLeast: z.array(z.enum(["users", "bannedUsers", "activeSessions", "organizations", "apiKeys"])),
});

/**
 * GET {path}/api/overview?days=30 (1..90): sign-ups, sign-ins and failed sign-ins per UTC day, oldest
 * first (all zero without the audit log's table), and totals. A fixed number of statements whatever the
 * data and the range: one read of the audit log's per-day counters, and the five whole-table counts at
 * most once a minute (`totalsCountedAt` says when; past 100,000 rows PostgreSQL's estimates instead,
 * named in `totalsEstimated`, or without one a count that stops there, named in `totalsAtLeast`; see
 * overview-totals.ts).
 */
export const getOverview = (o: ResolvedDashboardOptions) => {
  const overviewTotals = createOverviewTotals();
  return defineEndpoint(
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
      const charted = features.auditLog && Object.hasOwn(schema, DAILY_COUNT_MODEL);
      const [days, totals] = await Promise.all([
        charted ? countAuditDays(db, now, ctx.query.days) : emptyDays(now, ctx.query.days),
        overviewTotals(ctx.auth, features),
      ]);
      return {
        days,
        totals: totals.totals,
        totalsCountedAt: new Date(totals.at).toISOString(),
        totalsEstimated: totals.estimated,
        totalsAtLeast: totals.atLeast,
      };
    },
  );
};
