import { defineEndpoint, userResponse } from "@gatehouse/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";
import { buildUserListQuery, listableUserFields } from "../user-list-query.js";
import { publicAdminUser } from "../public-admin-user.js";

const query = z.object({
  searchValue: z.string().max(256).optional(),
  searchField: z.enum(["email", "name"]).optional(),
  searchOperator: z.enum(["contains", "starts_with", "ends_with"]).optional(),
  filterField: z.string().max(64).optional(),
  filterValue: z.union([z.string().max(256), z.number(), z.boolean()]).optional(),
  filterOperator: z.enum(["eq", "ne", "lt", "lte", "gt", "gte", "contains"]).optional(),
  sortBy: z.string().max(64).optional(),
  sortDirection: z.enum(["asc", "desc"]).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});

/**
 * GET /admin/list-users: needs `user: list`. Exactly two storage calls whatever the page size — one
 * query for the page and one count for the total, side by side.
 */
export const listUsers = (o: ResolvedAdminOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/admin/list-users",
      query,
      session: "required",
      openapi: {
        summary: "Search, filter, sort and page through users (admin)",
        response: z.object({
          users: z.array(userResponse),
          total: z.number().int().describe("How many users match, whatever the page"),
          limit: z.number().int(),
          offset: z.number().int(),
        }),
        errors: [ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS],
      },
    },
    async (ctx) => {
      requireAdminPermission(o, ctx.session.user, { user: ["list"] }, ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS);
      const { db, schema, sessions } = ctx.auth;
      const { where, sortBy, limit, offset } = buildUserListQuery(listableUserFields(schema), ctx.query);
      const [rows, total] = await Promise.all([
        db.findMany({ model: "user", where, sortBy, limit, offset }),
        db.count({ model: "user", where }),
      ]);
      return { users: rows.map((row) => publicAdminUser(sessions, row)), total, limit, offset };
    },
  );
