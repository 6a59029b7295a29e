import { defineEndpoint } from "@gatehouse-auth/core";
import { listResponse, readListQuery } from "../list-query.js";
import { answeringScimErrors, scimJson } from "../scim-response.js";
import type { ResolvedScimOptions } from "../scim-options.js";
import { queryOf, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";
import { SCIM_MODELS, type ScimUserRow } from "../scim-schema.js";
import { USER_FILTER_COLUMNS, USER_SORT_COLUMNS, toScimUser } from "../user-resource.js";

/** GET /scim/v2/Users (RFC 7644 §3.4.2): the token's organization's users, filtered, sorted and paged. */
export const listScimUsers = (o: ResolvedScimOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/scim/v2/Users",
      rateLimit: SCIM_RATE_LIMIT,
      openapi: { summary: "SCIM: list the organization's provisioned users (filter, sortBy, startIndex, count)" },
    },
    async (ctx) =>
      answeringScimErrors(async () => {
        const { scope, base } = await readScimRequest(ctx);
        const q = await readListQuery(queryOf(ctx), scope.organizationId, USER_FILTER_COLUMNS, USER_SORT_COLUMNS, o);
        const [total, rows] = await Promise.all([
          ctx.auth.db.count({ model: SCIM_MODELS.user, where: q.where }),
          q.count === 0
            ? Promise.resolve([])
            : ctx.auth.db.findMany<ScimUserRow>({
                model: SCIM_MODELS.user,
                where: q.where,
                sortBy: q.sortBy,
                limit: q.count,
                offset: q.startIndex - 1,
              }),
        ]);
        return scimJson(
          listResponse(
            rows.map((r) => toScimUser(r, base)),
            total,
            q.startIndex,
          ),
        );
      }),
  );
