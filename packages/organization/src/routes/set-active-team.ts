import { AuthError, defineEndpoint, updateCurrentSession } from "@gatehouse-auth/core";
import { z } from "zod";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import { findTeamMember, requireTeam } from "../teams.js";
import { teamResponse } from "../organization-responses.js";

/** POST /organization/set-active-team: a team the caller belongs to (its organization becomes active); null clears. */
export const setActiveTeam = defineEndpoint(
  {
    method: "POST",
    path: "/organization/set-active-team",
    body: z.object({ teamId: z.string().nullable().optional() }),
    session: "required",
    openapi: {
      summary: "Set the session's active team",
      response: teamResponse.nullable(),
      errors: [ORGANIZATION_ERRORS.TEAM_NOT_FOUND, ORGANIZATION_ERRORS.USER_NOT_TEAM_MEMBER],
    },
  },
  async (ctx) => {
    if (!ctx.body.teamId) {
      await updateCurrentSession(ctx, { activeTeamId: null });
      return null;
    }
    const team = await requireTeam(ctx.auth.db, ctx.body.teamId);
    if (!(await findTeamMember(ctx.auth.db, team.id, ctx.session.user.id)))
      throw new AuthError(ORGANIZATION_ERRORS.USER_NOT_TEAM_MEMBER);
    await updateCurrentSession(ctx, { activeTeamId: team.id, activeOrganizationId: team.organizationId });
    return team;
  },
);
