import { AuthError, defineEndpoint } from "@gatehouse/core";
import { z } from "zod";
import { requireMember, requirePermission } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import { requireTeam } from "../teams.js";

/** POST /organization/remove-team: needs `team: delete`; the last team stays unless allowed. */
export const removeTeam = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/remove-team",
      body: z.object({ teamId: z.string().min(1), organizationId: z.string().optional() }),
      session: "required",
      openapi: { summary: "Remove a team" },
    },
    async (ctx) => {
      const team = await requireTeam(ctx.auth.db, ctx.body.teamId);
      if (ctx.body.organizationId && ctx.body.organizationId !== team.organizationId)
        throw new AuthError(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
      const member = await requireMember(ctx, team.organizationId);
      requirePermission(o, member, { team: ["delete"] }, ORGANIZATION_ERRORS.NOT_ALLOWED_TO_DELETE_TEAM);
      await ctx.auth.db.transaction(async (tx) => {
        const count = await tx.count({
          model: "team",
          where: [{ field: "organizationId", value: team.organizationId }],
        });
        if (count <= 1 && !o.teams.allowRemovingAllTeams)
          throw new AuthError(ORGANIZATION_ERRORS.UNABLE_TO_REMOVE_LAST_TEAM);
        await tx.deleteMany({ model: "teamMember", where: [{ field: "teamId", value: team.id }] });
        await tx.delete({ model: "team", where: [{ field: "id", value: team.id }] });
        await tx.updateMany({
          model: "session",
          where: [{ field: "activeTeamId", value: team.id }],
          update: { activeTeamId: null },
        });
      });
      return { message: "Team removed successfully." };
    },
  );
