import { AuthError, defineEndpoint } from "@gatehouse/core";
import { z } from "zod";
import { requireMember } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { TeamMember } from "../organization-types.js";
import { requireTeam } from "../teams.js";
import { teamMemberResponse } from "../organization-responses.js";

/** GET /organization/list-team-members?teamId: a team's members (default: the active team), to org members. */
export const listTeamMembers = defineEndpoint(
  {
    method: "GET",
    path: "/organization/list-team-members",
    query: z.object({ teamId: z.string().optional() }),
    session: "required",
    openapi: {
      summary: "A team's members",
      response: z.array(teamMemberResponse),
      errors: [ORGANIZATION_ERRORS.TEAM_NOT_FOUND, ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION],
    },
  },
  async (ctx) => {
    const teamId = ctx.query.teamId ?? (ctx.session.session.activeTeamId as string | null | undefined);
    if (!teamId) throw new AuthError(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
    const team = await requireTeam(ctx.auth.db, teamId);
    await requireMember(ctx, team.organizationId);
    return ctx.auth.db.findMany<TeamMember>({ model: "teamMember", where: [{ field: "teamId", value: team.id }] });
  },
);
