import { CORE_ERRORS, defineEndpoint, findPage, pageQuery, userResponse } from "@gatehouse-auth/core";
import { z } from "zod";
import { ADMIN_ERRORS } from "../admin-errors.js";
import type { ResolvedAdminOptions } from "../admin-options.js";
import { requireAdminPermission } from "../check-admin-permission.js";
import { MAX_USER_LIST_OFFSET, buildUserListQuery, listableUserFields } from "../user-list-query.js";
import { countUsers } from "../user-list-total.js";
import { publicAdminUser } from "../public-admin-user.js";
import { readOffsetPage } from "../read-offset-page.js";

const query = z.object({
  searchValue: z.string().max(256).optional(),
  searchField: z.enum(["email", "name"]).optional(),
  searchOperator: z.enum(["contains", "starts_with", "ends_with"]).optional(),
  filterField: z.string().max(64).optional(),
  filterValue: z.union([z.string().max(256), z.number(), z.boolean()]).optional(),
  filterOperator: z.enum(["eq", "ne", "lt", "lte", "gt", "gte", "contains"]).optional(),
  sortBy: z.string().max(64).optional(),
  sortDirection: z.enum(["asc", "desc"]).optional(),
  limit: pageQuery.limit,
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .describe(`Rows to skip, at most ${MAX_USER_LIST_OFFSET}; deeper pages go by cursor`),
  cursor: pageQuery.cursor,
});

/**
 * GET /admin/list-users: needs `user: list`. A page in `sortBy` order (default `createdAt`, ties by id),
 * by `cursor` (keyset: any depth at the cost of the first page) or by `offset` (up to a cap). The total
 * is exact up to a threshold and a once-a-minute count past it (`totalExact` says which), so no page
 * view costs a whole-table count. Two storage calls a first page, three past an offset (the page's keys
 * from the index, then its rows: read-offset-page.ts), one more once a minute for the total.
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
        description:
          "At most 1,000 users a page (default 100; a larger `limit` is clamped). Page with `cursor` (the previous answer's `nextCursor`, any depth, not with a sort column that can be empty) or with `offset` (at most 10,000). `total` is exact while `totalExact` is true; past 1,000 matches it may be up to a minute old.",
        response: z.object({
          users: z.array(userResponse),
          total: z.number().int().describe("How many users match, whatever the page"),
          totalExact: z.boolean().describe("False when `total` is a count up to a minute old (past 1,000 matches)"),
          limit: z.number().int(),
          offset: z.number().int(),
          nextCursor: z.string().nullable().describe("The next page's cursor; null on the last page"),
        }),
        errors: [ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS, CORE_ERRORS.INVALID_CURSOR],
      },
    },
    async (ctx) => {
      requireAdminPermission(o, ctx.session.user, { user: ["list"] }, ADMIN_ERRORS.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS);
      const { db, schema, sessions, secret } = ctx.auth;
      const { where, sortBy, limit, offset, keyset } = buildUserListQuery(listableUserFields(schema), ctx.query);
      const pageOf = async () => {
        if (keyset && offset === 0) {
          // The listing name binds the cursor to this filter: a cursor taken under another search is refused.
          const listing = `admin-users:${JSON.stringify(where)}`;
          return findPage({ db, secret }, { listing, model: "user", where, sortBy, limit, cursor: ctx.query.cursor });
        }
        // Offset paging (a sort column that can be empty, or an explicit offset): no cursor is offered, as
        // offset and cursor do not combine. The first page is one read; a deeper one skips in the index.
        const rows =
          offset === 0
            ? await db.findMany({ model: "user", where, sortBy, limit })
            : await readOffsetPage(db, { where, sortBy, limit, offset });
        return { rows, nextCursor: null };
      };
      const [page, counted] = await Promise.all([pageOf(), countUsers(db, where, ctx.auth.now())]);
      return {
        users: page.rows.map((row) => publicAdminUser(sessions, row)),
        total: counted.total,
        totalExact: counted.exact,
        limit,
        offset,
        nextCursor: page.nextCursor,
      };
    },
  );
