import { AuthError, CORE_ERRORS, defineEndpoint, findPage } from "@gatehouse-auth/core";
import { z } from "zod";
import { authorizeDashboard, DASHBOARD_ACCESS_ERRORS } from "../authorize-dashboard.js";
import { DASHBOARD_ERRORS } from "../dashboard-errors.js";
import { SSO_PROVIDER_MODEL } from "../dashboard-features.js";
import type { ResolvedDashboardOptions } from "../dashboard-options.js";
import { idField, isoDate, text } from "../dashboard-query.js";

const connection = z.object({
  id: z.string(),
  providerId: z.string(),
  protocol: z.string(),
  issuer: z.string(),
  domain: z.string(),
  domainVerified: z.boolean(),
  enforceSSO: z.boolean(),
  breakGlassCount: z.number().int(),
  disabled: z.boolean(),
  /** The sso plugin's own note of the last sign-in through the connection (at most a minute stale). */
  lastSignInAt: z.string().nullable(),
  createdAt: z.string().nullable(),
  organization: z.object({ id: z.string(), name: z.string(), slug: z.string().nullable() }).nullable(),
});

/** The connection columns shown; the encrypted client secret, config and DNS token are never read. */
const COLUMNS = [
  "id",
  "providerId",
  "organizationId",
  "protocol",
  "issuer",
  "domain",
  "domainVerified",
  "enforceSSO",
  "breakGlassUserIds",
  "disabled",
  "lastSignInAt",
  "createdAt",
];

type Row = Record<string, unknown>;

/** How many break-glass owners a stored list names (malformed → 0). */
function countIds(value: unknown): number {
  try {
    const ids: unknown = JSON.parse(typeof value === "string" ? value : "[]");
    return Array.isArray(ids) ? ids.length : 0;
  } catch {
    return 0;
  }
}

/**
 * GET {path}/api/list-sso-connections?organizationId=&cursor=&limit= (organization: get): the sso plugin's
 * connections of every organization (or one), with their organization's name, in id order, by cursor.
 * Two queries whatever the table holds: a page on the primary key (or the organizationId index), and the
 * page's organizations. The last sign-in is a column of the connection row (the sso plugin writes it at most
 * once a minute), so it costs no query of the audit log, however long that grows.
 */
export const listSsoConnections = (o: ResolvedDashboardOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: `${o.path}/api/list-sso-connections`,
      session: "required",
      query: z.strictObject({
        organizationId: idField.optional(),
        cursor: z.string().max(512).optional(),
        limit: z.coerce.number().int().min(1).max(100).default(50),
      }),
      openapi: {
        summary: "Dashboard: list SSO connections",
        response: z.object({ connections: z.array(connection), nextCursor: z.string().nullable() }),
        errors: [...DASHBOARD_ACCESS_ERRORS, CORE_ERRORS.INVALID_CURSOR],
      },
    },
    async (ctx) => {
      const access = authorizeDashboard(o, ctx, { organization: ["get"] });
      if (!access.features.sso) throw new AuthError(DASHBOARD_ERRORS.DASHBOARD_FEATURE_NOT_INSTALLED);
      const { db } = ctx.auth;
      const { organizationId, cursor, limit } = ctx.query;
      const page = await findPage<Row>(ctx.auth, {
        listing: `dashboard-sso-connections:${organizationId ?? "*"}`,
        model: SSO_PROVIDER_MODEL,
        where: organizationId ? [{ field: "organizationId", value: organizationId }] : [],
        sortBy: { field: "id", direction: "asc" },
        select: COLUMNS,
        limit,
        cursor,
      });
      const orgIds = [...new Set(page.rows.map((r) => String(r.organizationId)))];
      const orgs = orgIds.length
        ? await db.findMany<Row>({
            model: "organization",
            where: [{ field: "id", operator: "in", value: orgIds }],
            select: ["id", "name", "slug"],
            limit: orgIds.length,
          })
        : [];
      const orgById = new Map(orgs.map((r) => [String(r.id), r]));
      return {
        connections: page.rows.map((r) => {
          const org = orgById.get(String(r.organizationId));
          return {
            id: String(r.id),
            providerId: String(r.providerId),
            protocol: String(r.protocol),
            issuer: String(r.issuer),
            domain: String(r.domain),
            domainVerified: r.domainVerified === true,
            enforceSSO: r.enforceSSO === true,
            breakGlassCount: countIds(r.breakGlassUserIds),
            disabled: r.disabled === true,
            lastSignInAt: isoDate(r.lastSignInAt),
            createdAt: isoDate(r.createdAt),
            organization: org ? { id: String(org.id), name: String(org.name), slug: text(org.slug) } : null,
          };
        }),
        nextCursor: page.nextCursor,
      };
    },
  );
