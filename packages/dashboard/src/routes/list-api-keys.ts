import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { authorizeDashboard, DASHBOARD_ACCESS_ERRORS } from "../authorize-dashboard.js";
import { API_KEY_MODEL } from "../dashboard-features.js";
import type { ResolvedDashboardOptions } from "../dashboard-options.js";
import { idField, isoDate, pageFields, text } from "../dashboard-query.js";

const date = z.string().nullable();
const response = z.object({
  apiKeys: z.array(
    z.object({
      id: z.string(),
      name: z.string().nullable(),
      start: z.string().nullable(),
      prefix: z.string().nullable(),
      userId: z.string(),
      enabled: z.boolean(),
      expiresAt: date,
      createdAt: date,
      lastRequest: date,
      user: z.object({ id: z.string(), email: z.string(), name: z.string() }).nullable(),
    }),
  ),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});

/** The key columns the dashboard shows; the stored hash (`key`) is never among them. */
export const API_KEY_COLUMNS = [
  "id",
  "name",
  "start",
  "prefix",
  "userId",
  "enabled",
  "expiresAt",
  "createdAt",
  "lastRequest",
];

type Row = Record<string, unknown>;

/**
 * GET {path}/api/list-api-keys?userId=&limit=&offset= (apiKey: list): every user's keys (or one user's),
 * newest first, with their owners. Three queries whatever the page size: the page, the total, the owners.
 */
export const listApiKeys = (o: ResolvedDashboardOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: `${o.path}/api/list-api-keys`,
      session: "required",
      query: z.strictObject({ userId: idField.optional(), ...pageFields }),
      openapi: {
        summary: "Dashboard: list API keys",
        response,
        errors: [...DASHBOARD_ACCESS_ERRORS],
      },
    },
    async (ctx) => {
      authorizeDashboard(o, ctx, { apiKey: ["list"] });
      const { db } = ctx.auth;
      const { userId, limit, offset } = ctx.query;
      const where = userId ? [{ field: "userId", value: userId }] : [];
      const [rows, total] = await Promise.all([
        db.findMany<Row>({
          model: API_KEY_MODEL,
          where,
          select: API_KEY_COLUMNS,
          sortBy: { field: "createdAt", direction: "desc" },
          limit,
          offset,
        }),
        db.count({ model: API_KEY_MODEL, where }),
      ]);
      const ownerIds = [...new Set(rows.map((r) => String(r.userId)))];
      const owners = ownerIds.length
        ? await db.findMany<Row>({
            model: "user",
            where: [{ field: "id", operator: "in", value: ownerIds }],
            select: ["id", "email", "name"],
            limit: ownerIds.length,
          })
        : [];
      const ownerById = new Map(owners.map((u) => [String(u.id), u]));
      return {
        apiKeys: rows.map((k) => {
          const u = ownerById.get(String(k.userId));
          return {
            id: String(k.id),
            name: text(k.name),
            start: text(k.start),
            prefix: text(k.prefix),
            userId: String(k.userId),
            enabled: k.enabled !== false,
            expiresAt: isoDate(k.expiresAt),
            createdAt: isoDate(k.createdAt),
            lastRequest: isoDate(k.lastRequest),
            user: u ? { id: String(u.id), email: String(u.email), name: String(u.name) } : null,
          };
        }),
        total,
        limit,
        offset,
      };
    },
  );
