import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { authorizeDashboard, DASHBOARD_ACCESS_ERRORS } from "../authorize-dashboard.js";
import type { ResolvedDashboardOptions } from "../dashboard-options.js";
import { idField } from "../dashboard-query.js";

/** The most ids one call names: an audit page's actors and users (100 events, two ids each). */
export const MAX_NAMED_USERS = 200;

const response = z.object({
  users: z.record(z.string(), z.object({ name: z.string(), email: z.string() })),
});

/**
 * GET {path}/api/user-names?ids=a,b,… (user: get): the name and address of each id that is a user, so
 * audit tables show who acted instead of raw ids. One `IN` query on the primary key, at most
 * MAX_NAMED_USERS ids; unknown ids are left out (a deleted user's events keep their id).
 */
export const getUserNames = (o: ResolvedDashboardOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: `${o.path}/api/user-names`,
      session: "required",
      query: z.strictObject({
        ids: z
          .string()
          .min(1)
          .max(MAX_NAMED_USERS * 256)
          .transform((value) => [...new Set(value.split(","))])
          .pipe(z.array(idField).max(MAX_NAMED_USERS)),
      }),
      openapi: { summary: "Dashboard: names of users by id (audit actors)", response, errors: DASHBOARD_ACCESS_ERRORS },
    },
    async (ctx) => {
      authorizeDashboard(o, ctx, { user: ["get"] });
      const rows = await ctx.auth.db.findMany<{ id: string; name: unknown; email: unknown }>({
        model: "user",
        where: [{ field: "id", operator: "in", value: ctx.query.ids }],
        select: ["id", "name", "email"],
        limit: MAX_NAMED_USERS,
      });
      const users: Record<string, { name: string; email: string }> = {};
      for (const row of rows) users[String(row.id)] = { name: String(row.name ?? ""), email: String(row.email ?? "") };
      return { users };
    },
  );
