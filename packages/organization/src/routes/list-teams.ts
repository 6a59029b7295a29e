import { CORE_ERRORS, defineEndpoint, pageQuery } from "@gatehouse-auth/core";
import { z } from "zod";
import { organizationIdOrActive, requireMember } from "../membership.js";
import type { Team } from "../organization-types.js";
import { teamResponse } from "../organization-responses.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import { readArrayPage } from "../read-page.js";

/** GET /organization/list-teams: a page of an organization's teams, oldest first, to its members. */
export const listTeams = defineEndpoint(
  {
    method: "GET",
    path: "/organization/list-teams",
    query: z.object({ organizationId: z.string().optional(), ...pageQuery }),
    session: "required",
    apiKeyPermission: { resource: "organization", action: "read" },
    openapi: {
      summary: "An organization's teams",
      description:
        "Oldest first, at most 100 a page (a larger `limit` is clamped). When more remain, the `X-Next-Cursor` response header holds the next page's cursor: pass it back as `cursor`.",
      response: z.array(teamResponse),
      errors: [
        ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION,
        ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION,
        CORE_ERRORS.INVALID_CURSOR,
      ],
    },
  },
  async (ctx) => {
    const organizationId = organizationIdOrActive(ctx.session, ctx.query.organizationId);
    await requireMember(ctx, organizationId);
    return readArrayPage<Team>(
      ctx,
      {
        listing: `teams:${organizationId}`,
        model: "team",
        where: [{ field: "organizationId", value: organizationId }],
      },
      ctx.query,
    );
  },
);
