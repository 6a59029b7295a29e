import { AuthError, CORE_ERRORS, defineEndpoint, pageQuery } from "@gatehouse-auth/core";
import { z } from "zod";
import { requireMember } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import { readArrayPage } from "../read-page.js";
import type { TeamMember } from "../organization-types.js";
import { requireTeam } from "../teams.js";
import { teamMemberResponse } from "../organization-responses.js";

/** GET /organization/list-team-members?teamId: a page of a team's members (default: the active team), to org members. */
export const listTeamMembers = defineEndpoint(
  {
    method: "GET",
    path: "/organization/list-team-members",
    query: z.object({ teamId: z.string().optional(), ...pageQuery }),
    session: "required",
    apiKeyPermission: { resource: "organization", action: "read" },
    openapi: {
      summary: "A team's members",
      description:
        "Oldest first, at most 100 a page (a larger `limit` is clamped). When more remain, the `X-Next-Cursor` response header holds the next page's cursor: pass it back as `cursor`.",
      response: z.array(teamMemberResponse),
      errors: [
        ORGANIZATION_ERRORS.TEAM_NOT_FOUND,
        ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION,
        CORE_ERRORS.INVALID_CURSOR,
      ],
    },
  },
  async (ctx) => {
    const teamId = ctx.query.teamId ?? (ctx.session.session.activeTeamId as string | null | undefined);
    if (!teamId) throw new AuthError(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
    const team = await requireTeam(ctx.auth.db, teamId);
    await requireMember(ctx, team.organizationId);
    return readArrayPage<TeamMember>(
      ctx,
      { listing: `team-members:${team.id}`, model: "teamMember", where: [{ field: "teamId", value: team.id }] },
      ctx.query,
    );
  },
);
