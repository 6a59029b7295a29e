import { AuthError, defineEndpoint, stringInput } from "@gatehouse-auth/core";
import { z } from "zod";
import { teamFields } from "../organization-schema.js";
import { requireMember, requirePermission } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import type { Team } from "../organization-types.js";
import { requireTeam } from "../teams.js";
import { teamResponse } from "../organization-responses.js";

const body = z.object({
  teamId: z.string().min(1),
  // organizationId names where the team is; a team never moves between organizations.
  data: z.object({
    name: stringInput(teamFields.name).trim().min(1).optional(),
    organizationId: z.string().optional(),
  }),
});

/** POST /organization/update-team: needs `team: update` in the team's organization. */
export const updateTeam = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/update-team",
      body,
      session: "required",
      openapi: {
        summary: "Rename a team",
        response: teamResponse,
        errors: [
          ORGANIZATION_ERRORS.TEAM_NOT_FOUND,
          ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION,
          ORGANIZATION_ERRORS.NOT_ALLOWED_TO_UPDATE_TEAM,
        ],
      },
    },
    async (ctx) => {
      const team = await requireTeam(ctx.auth.db, ctx.body.teamId);
      if (ctx.body.data.organizationId && ctx.body.data.organizationId !== team.organizationId)
        throw new AuthError(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
      const member = await requireMember(ctx, team.organizationId);
      requirePermission(o, member, { team: ["update"] }, ORGANIZATION_ERRORS.NOT_ALLOWED_TO_UPDATE_TEAM);
      if (ctx.body.data.name === undefined) return team;
      const updated = await ctx.auth.db.update<Team>({
        model: "team",
        where: [{ field: "id", value: team.id }],
        update: { name: ctx.body.data.name },
      });
      if (!updated) throw new AuthError(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
      return updated;
    },
  );
