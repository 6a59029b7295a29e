import { defineEndpoint } from "@gatehouse-auth/core";
import { GROUP_FILTER_COLUMNS, GROUP_SORT_COLUMNS, toScimGroup } from "../group-resource.js";
import { listGroupMembers, requireTeams } from "../group-store.js";
import { listResponse, readListQuery } from "../list-query.js";
import { answeringScimErrors, scimJson } from "../scim-response.js";
import type { ResolvedScimOptions } from "../scim-options.js";
import { queryOf, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";
import { SCIM_MODELS, type ScimGroupRow } from "../scim-schema.js";

/** Whether `excludedAttributes` names members (Entra asks so; lists then skip the member look-ups). */
export const excludesMembers = (query: Record<string, string>) =>
  (query.excludedAttributes ?? "")
    .toLowerCase()
    .split(",")
    .some((a) => a.trim() === "members");

/** GET /scim/v2/Groups (RFC 7644 §3.4.2): the organization's groups (its provisioned teams), filtered and paged. */
export const listScimGroups = (o: ResolvedScimOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/scim/v2/Groups",
      rateLimit: SCIM_RATE_LIMIT,
      openapi: { summary: "SCIM: list the organization's provisioned groups (teams)" },
    },
    async (ctx) =>
      answeringScimErrors(async () => {
        const { scope, base } = await readScimRequest(ctx);
        requireTeams(ctx.auth);
        const query = queryOf(ctx);
        const q = await readListQuery(query, scope.organizationId, GROUP_FILTER_COLUMNS, GROUP_SORT_COLUMNS, o);
        const [total, rows] = await Promise.all([
          ctx.auth.db.count({ model: SCIM_MODELS.group, where: q.where }),
          q.count === 0
            ? Promise.resolve([])
            : ctx.auth.db.findMany<ScimGroupRow>({
                model: SCIM_MODELS.group,
                where: q.where,
                sortBy: q.sortBy,
                limit: q.count,
                offset: q.startIndex - 1,
              }),
        ]);
        const skipMembers = excludesMembers(query);
        const resources = [];
        for (const row of rows)
          resources.push(
            toScimGroup(row, skipMembers ? null : await listGroupMembers(ctx.auth.db, row, o.maxGroupMembers), base),
          );
        return scimJson(listResponse(resources, total, q.startIndex));
      }),
  );
