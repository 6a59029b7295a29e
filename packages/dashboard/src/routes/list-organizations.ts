import { defineEndpoint } from "@gatehouse-auth/core";
import type { Where } from "@gatehouse-auth/core";
import { z } from "zod";
import { authorizeDashboard, DASHBOARD_ACCESS_ERRORS } from "../authorize-dashboard.js";
import { countBy } from "../count-by.js";
import type { ResolvedDashboardOptions } from "../dashboard-options.js";
import { isoDate, pageFields } from "../dashboard-query.js";

const response = z.object({
  organizations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      createdAt: z.string().nullable(),
      memberCount: z.number().int(),
    }),
  ),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

/**
 * GET {path}/api/list-organizations?search=&limit=&offset= (organization: list): newest first, `search`
 * matching name or slug (case-insensitive). Three queries whatever the page size: the page, the total,
 * and the page's member counts (see countBy).
 */
export const listOrganizations = (o: ResolvedDashboardOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: `${o.path}/api/list-organizations`,
      session: "required",
      query: z.strictObject({ search: z.string().max(256).optional(), ...pageFields }),
      openapi: {
        summary: "Dashboard: list organizations",
        response,
        errors: [...DASHBOARD_ACCESS_ERRORS],
      },
    },
    async (ctx) => {
      authorizeDashboard(o, ctx, { organization: ["list"] });
      const { db } = ctx.auth;
      const { search, limit, offset } = ctx.query;
      const where: Where[] = search
        ? [
            {
              or: [
                { field: "name", operator: "contains", value: search },
                { field: "slug", operator: "contains", value: search },
              ],
            },
          ]
        : [];
      const [rows, total] = await Promise.all([
        db.findMany<Record<string, unknown>>({
          model: "organization",
          where,
          select: ["id", "name", "slug", "createdAt"],
          sortBy: { field: "createdAt", direction: "desc" },
          limit,
          offset,
        }),
        db.count({ model: "organization", where }),
      ]);
      const members = await countBy(
        db,
        "member",
        "organizationId",
        rows.map((r) => String(r.id)),
      );
      return {
        organizations: rows.map((r) => ({
          id: String(r.id),
          name: String(r.name),
          slug: String(r.slug),
          createdAt: isoDate(r.createdAt),
          memberCount: members.get(String(r.id)) ?? 0,
        })),
        total,
        limit,
        offset,
      };
    },
  );
