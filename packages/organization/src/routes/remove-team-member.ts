import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { requireMember, requirePermission } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import { findTeamMember, requireTeam } from "../teams.js";
import { messageResponse } from "../organization-responses.js";

const body = z.object({ teamId: z.string().min(1), userId: z.string().min(1), organizationId: z.string().optional() });

/** POST /organization/remove-team-member: needs `team: update`. */
export const removeTeamMember = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/remove-team-member",
      body,
      session: "required",
      openapi: {
        summary: "Remove a user from a team",
        response: messageResponse,
        errors: [
          ORGANIZATION_ERRORS.TEAM_NOT_FOUND,
          ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION,
          ORGANIZATION_ERRORS.NOT_ALLOWED_TO_UPDATE_TEAM,
          ORGANIZATION_ERRORS.USER_NOT_TEAM_MEMBER,
        ],
      },
    },
    async (ctx) => {
      const team = await requireTeam(ctx.auth.db, ctx.body.teamId);
      const caller = await requireMember(ctx, team.organizationId);
      requirePermission(o, caller, { team: ["update"] }, ORGANIZATION_ERRORS.NOT_ALLOWED_TO_UPDATE_TEAM);
      const place = await findTeamMember(ctx.auth.db, team.id, ctx.body.userId);
      if (!place) throw new AuthError(ORGANIZATION_ERRORS.USER_NOT_TEAM_MEMBER);
      await ctx.auth.db.delete({ model: "teamMember", where: [{ field: "id", value: place.id }] });
      await ctx.auth.db.updateMany({
        model: "session",
        where: [
          { field: "userId", value: ctx.body.userId },
          { field: "activeTeamId", value: team.id },
        ],
        update: { activeTeamId: null },
      });
      return { message: "Team member removed successfully." };
    },
  );
