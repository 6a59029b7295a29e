import { z } from "zod";
import { defineEndpoint } from "@gatehouse/core";
import type { Member, Organization } from "../organization-types.js";
import { organizationResponse } from "../organization-responses.js";

/** GET /organization/list: the caller's organizations, in one query (memberships joined with them). */
export const listOrganizations = defineEndpoint(
  {
    method: "GET",
    path: "/organization/list",
    session: "required",
    openapi: { summary: "The caller's organizations", response: z.array(organizationResponse) },
  },
  async (ctx) => {
    const rows = await ctx.auth.db.findMany<Member & { organization: Organization | null }>({
      model: "member",
      where: [{ field: "userId", value: ctx.session.user.id }],
      join: [{ model: "organization", localField: "organizationId", foreignField: "id", as: "organization" }],
      sortBy: { field: "createdAt", direction: "asc" },
    });
    return rows.flatMap((r) => (r.organization ? [r.organization] : []));
  },
);
