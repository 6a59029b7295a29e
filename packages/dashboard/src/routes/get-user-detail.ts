import { AuthError, CORE_ERRORS, defineEndpoint, userResponse } from "@gatehouse-auth/core";
import type { Schema } from "@gatehouse-auth/core";
import { z } from "zod";
import { authorizeDashboard, DASHBOARD_ACCESS_ERRORS } from "../authorize-dashboard.js";
import { API_KEY_MODEL } from "../dashboard-features.js";
import type { ResolvedDashboardOptions } from "../dashboard-options.js";
import { grants } from "../dashboard-permissions.js";
import { idField, isoDate, MAX_PAGE_SIZE, text } from "../dashboard-query.js";

const nullableDate = z.string().nullable();
const response = z.object({
  user: userResponse,
  accounts: z.array(
    z.object({ id: z.string(), providerId: z.string(), accountId: z.string(), createdAt: nullableDate }),
  ),
  sessions: z
    .array(
      z.object({
        id: z.string(),
        createdAt: nullableDate,
        updatedAt: nullableDate,
        expiresAt: nullableDate,
        ipAddress: z.string().nullable(),
        userAgent: z.string().nullable(),
        impersonatedBy: z.string().nullable(),
      }),
    )
    .nullable(),
  organizations: z.array(z.object({ id: z.string(), name: z.string(), slug: z.string(), role: z.string() })).nullable(),
  apiKeys: z
    .array(
      z.object({
        id: z.string(),
        name: z.string().nullable(),
        start: z.string().nullable(),
        enabled: z.boolean(),
        expiresAt: nullableDate,
        createdAt: nullableDate,
      }),
    )
    .nullable(),
  passkeys: z
    .array(
      z.object({
        id: z.string(),
        name: z.string().nullable(),
        deviceType: z.string().nullable(),
        backedUp: z.boolean(),
        createdAt: nullableDate,
      }),
    )
    .nullable(),
});

// The composed user model's returned fields are fixed per auth instance: computed once.
const userColumns = new WeakMap<Schema, string[]>();
function returnedUserFields(schema: Schema): string[] {
  let fields = userColumns.get(schema);
  if (!fields) {
    fields = [
      "id",
      ...Object.entries(schema.user?.fields ?? {})
        .filter(([, f]) => f.returned !== false)
        .map(([name]) => name),
    ];
    userColumns.set(schema, fields);
  }
  return fields;
}

type Row = Record<string, unknown>;

/**
 * GET {path}/api/user-detail?id= (user: get): the user, their sign-in methods, and — when the caller's
 * permissions and the installed plugins allow — their sessions (session: list), organizations
 * (organization: list), API keys (apiKey: list) and passkeys (with the user: get that opens the page; names and
 * device kinds only, never a public key or credential id), each capped at MAX_PAGE_SIZE, newest first. Columns
 * are named explicitly: no token, password or key hash is ever read.
 */
export const getUserDetail = (o: ResolvedDashboardOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: `${o.path}/api/user-detail`,
      session: "required",
      query: z.strictObject({ id: idField }),
      openapi: {
        summary: "Dashboard: one user in detail",
        response,
        errors: [CORE_ERRORS.USER_NOT_FOUND, ...DASHBOARD_ACCESS_ERRORS],
      },
    },
    async (ctx) => {
      const { permissions, features } = authorizeDashboard(o, ctx, { user: ["get"] });
      const { db, schema } = ctx.auth;
      const userId = ctx.query.id;
      const user = await db.findOne<Row>({
        model: "user",
        where: [{ field: "id", value: userId }],
        select: returnedUserFields(schema),
      });
      if (!user) throw new AuthError(CORE_ERRORS.USER_NOT_FOUND);
      const byUser = [{ field: "userId", value: userId }];
      const newest = { field: "createdAt", direction: "desc" } as const;
      const [accounts, sessions, memberships, apiKeys, passkeys] = await Promise.all([
        db.findMany<Row>({
          model: "account",
          where: byUser,
          select: ["id", "providerId", "accountId", "createdAt"],
          sortBy: newest,
          limit: MAX_PAGE_SIZE,
        }),
        grants(permissions, { session: ["list"] })
          ? db.findMany<Row>({
              model: "session",
              where: byUser,
              select: [
                "id",
                "createdAt",
                "updatedAt",
                "expiresAt",
                "ipAddress",
                "userAgent",
                ...(schema.session?.fields.impersonatedBy ? ["impersonatedBy"] : []),
              ],
              sortBy: newest,
              limit: MAX_PAGE_SIZE,
            })
          : null,
        features.organization && grants(permissions, { organization: ["list"] })
          ? db.findMany<Row>({
              model: "member",
              where: byUser,
              select: ["organizationId", "role"],
              sortBy: newest,
              limit: MAX_PAGE_SIZE,
            })
          : null,
        features.apiKey && grants(permissions, { apiKey: ["list"] })
          ? db.findMany<Row>({
              model: API_KEY_MODEL,
              where: byUser,
              select: ["id", "name", "start", "enabled", "expiresAt", "createdAt"],
              sortBy: newest,
              limit: MAX_PAGE_SIZE,
            })
          : null,
        features.passkey
          ? db.findMany<Row>({
              model: "passkey",
              where: byUser,
              select: ["id", "name", "deviceType", "backedUp", "createdAt"],
              sortBy: newest,
              limit: MAX_PAGE_SIZE,
            })
          : null,
      ]);
      // One query for every organization the user belongs to, not one per membership.
      const orgs = memberships?.length
        ? await db.findMany<Row>({
            model: "organization",
            where: [{ field: "id", operator: "in", value: memberships.map((m) => String(m.organizationId)) }],
            select: ["id", "name", "slug"],
            limit: MAX_PAGE_SIZE,
          })
        : [];
      const orgById = new Map(orgs.map((org) => [String(org.id), org]));
      return {
        user,
        accounts: accounts.map((a) => ({
          id: String(a.id),
          providerId: String(a.providerId),
          accountId: String(a.accountId),
          createdAt: isoDate(a.createdAt),
        })),
        sessions:
          sessions?.map((s) => ({
            id: String(s.id),
            createdAt: isoDate(s.createdAt),
            updatedAt: isoDate(s.updatedAt),
            expiresAt: isoDate(s.expiresAt),
            ipAddress: text(s.ipAddress),
            userAgent: text(s.userAgent),
            impersonatedBy: text(s.impersonatedBy),
          })) ?? null,
        organizations:
          memberships?.flatMap((m) => {
            const org = orgById.get(String(m.organizationId));
            return org
              ? [{ id: String(org.id), name: String(org.name), slug: String(org.slug), role: String(m.role) }]
              : [];
          }) ?? null,
        apiKeys:
          apiKeys?.map((k) => ({
            id: String(k.id),
            name: text(k.name),
            start: text(k.start),
            enabled: k.enabled !== false,
            expiresAt: isoDate(k.expiresAt),
            createdAt: isoDate(k.createdAt),
          })) ?? null,
        passkeys:
          passkeys?.map((p) => ({
            id: String(p.id),
            name: text(p.name),
            deviceType: text(p.deviceType),
            backedUp: p.backedUp === true,
            createdAt: isoDate(p.createdAt),
          })) ?? null,
      };
    },
  );
