import { defineEndpoint } from "@gatehouse/core";
import { z } from "zod";
import { organizationIdOrActive, requireMember } from "../membership.js";
import type { Team } from "../organization-types.js";
import { teamResponse } from "../organization-responses.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";

/** GET /organization/list-teams: an organization's teams, to its members. */
export const listTeams = defineEndpoint(
  {
    method: "GET",
    path: "/organization/list-teams",
    query: z.object({ organizationId: z.string().optional() }),
    session: "required",
    openapi: {
      summary: "An organization's teams",
      response: z.array(teamResponse),
      errors: [ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION, ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION],
    },
  },
  async (ctx) => {
    const organizationId = organizationIdOrActive(ctx.session, ctx.query.organizationId);
    await requireMember(ctx, organizationId);
    return ctx.auth.db.findMany<Team>({
      model: "team",
      where: [{ field: "organizationId", value: organizationId }],
      sortBy: { field: "createdAt", direction: "asc" },
    });
  },
);
