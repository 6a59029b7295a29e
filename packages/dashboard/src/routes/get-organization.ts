import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { authorizeDashboard, DASHBOARD_ACCESS_ERRORS } from "../authorize-dashboard.js";
import { countBy } from "../count-by.js";
import { DASHBOARD_ERRORS } from "../dashboard-errors.js";
import type { ResolvedDashboardOptions } from "../dashboard-options.js";
import { idField, isoDate, MAX_PAGE_SIZE, text } from "../dashboard-query.js";

const date = z.string().nullable();
const response = z.object({
  organization: z.object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    createdAt: date,
    metadata: z.unknown(),
  }),
  memberCount: z.number().int().describe("All members; `members` holds the first MAX_PAGE_SIZE, oldest first"),
  members: z.array(
    z.object({
      id: z.string(),
      userId: z.string(),
      role: z.string(),
      createdAt: date,
      user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
    }),
  ),
  invitations: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      role: z.string(),
      status: z.string(),
      expiresAt: date,
      inviterId: z.string().nullable(),
      teamId: z.string().nullable(),
    }),
  ),
  teams: z
    .array(z.object({ id: z.string(), name: z.string(), createdAt: date, memberCount: z.number().int() }))
    .nullable(),
});

type Row = Record<string, unknown>;

/**
 * GET {path}/api/get-organization?id= (organization: get): the organization, its first MAX_PAGE_SIZE
 * members (oldest first) with their names and addresses, its newest invitations, and its teams (null when
 * teams are off). A fixed number of queries: users and team sizes are fetched for the whole page at once.
 */
export const getOrganization = (o: ResolvedDashboardOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: `${o.path}/api/get-organization`,
      session: "required",
      query: z.strictObject({ id: idField }),
      openapi: {
        summary: "Dashboard: one organization in detail",
        response,
        errors: [DASHBOARD_ERRORS.DASHBOARD_ORGANIZATION_NOT_FOUND, ...DASHBOARD_ACCESS_ERRORS],
      },
    },
    async (ctx) => {
      authorizeDashboard(o, ctx, { organization: ["get"] });
      const { db, schema } = ctx.auth;
      const id = ctx.query.id;
      const org = await db.findOne<Row>({
        model: "organization",
        where: [{ field: "id", value: id }],
        select: ["id", "name", "slug", "createdAt", "metadata"],
      });
      if (!org) throw new AuthError(DASHBOARD_ERRORS.DASHBOARD_ORGANIZATION_NOT_FOUND);
      const byOrg = [{ field: "organizationId", value: id }];
      const hasTeams = Object.hasOwn(schema, "team") && Object.hasOwn(schema, "teamMember");
      const [members, memberCount, invitations, teams] = await Promise.all([
        db.findMany<Row>({
          model: "member",
          where: byOrg,
          select: ["id", "userId", "role", "createdAt"],
          sortBy: { field: "createdAt", direction: "asc" },
          limit: MAX_PAGE_SIZE,
        }),
        db.count({ model: "member", where: byOrg }),
        db.findMany<Row>({
          model: "invitation",
          where: byOrg,
          select: ["id", "email", "role", "status", "expiresAt", "inviterId", "teamId"],
          sortBy: { field: "createdAt", direction: "desc" },
          limit: MAX_PAGE_SIZE,
        }),
        hasTeams
          ? db.findMany<Row>({
              model: "team",
              where: byOrg,
              select: ["id", "name", "createdAt"],
              sortBy: { field: "createdAt", direction: "asc" },
              limit: MAX_PAGE_SIZE,
            })
          : null,
      ]);
      const [users, teamSizes] = await Promise.all([
        members.length
          ? db.findMany<Row>({
              model: "user",
              where: [{ field: "id", operator: "in", value: members.map((m) => String(m.userId)) }],
              select: ["id", "name", "email"],
              limit: MAX_PAGE_SIZE,
            })
          : [],
        teams
          ? countBy(
              db,
              "teamMember",
              "teamId",
              teams.map((t) => String(t.id)),
            )
          : null,
      ]);
      const userById = new Map(users.map((u) => [String(u.id), u]));
      return {
        organization: {
          id: String(org.id),
          name: String(org.name),
          slug: String(org.slug),
          createdAt: isoDate(org.createdAt),
          metadata: org.metadata ?? null,
        },
        memberCount,
        members: members.map((m) => {
          const u = userById.get(String(m.userId));
          return {
            id: String(m.id),
            userId: String(m.userId),
            role: String(m.role),
            createdAt: isoDate(m.createdAt),
            user: u ? { id: String(u.id), name: String(u.name), email: String(u.email) } : null,
          };
        }),
        invitations: invitations.map((i) => ({
          id: String(i.id),
          email: String(i.email),
          role: String(i.role),
          status: String(i.status),
          expiresAt: isoDate(i.expiresAt),
          inviterId: text(i.inviterId),
          teamId: text(i.teamId),
        })),
        teams:
          teams?.map((t) => ({
            id: String(t.id),
            name: String(t.name),
            createdAt: isoDate(t.createdAt),
            memberCount: teamSizes?.get(String(t.id)) ?? 0,
          })) ?? null,
      };
    },
  );
