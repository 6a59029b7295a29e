import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { lockOrganization } from "../lock-organization.js";
import { requireMember, requirePermission } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import { findTeamInOrganization, findTeamMember, requireTeam } from "../teams.js";
import { messageResponse } from "../organization-responses.js";

/**
 * POST /organization/remove-team: needs `team: delete`, and the caller must not belong to the team
 * (SPEC.md §6); the last team stays unless allowed. Invitations and members that named the team no
 * longer do: a pending invitation to it stays valid as an invitation to the organization.
 */
export const removeTeam = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/remove-team",
      body: z.object({ teamId: z.string().min(1), organizationId: z.string().optional() }),
      session: "required",
      openapi: {
        summary: "Remove a team",
        response: messageResponse,
        errors: [
          ORGANIZATION_ERRORS.TEAM_NOT_FOUND,
          ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION,
          ORGANIZATION_ERRORS.NOT_ALLOWED_TO_DELETE_TEAM,
          ORGANIZATION_ERRORS.CANNOT_REMOVE_OWN_TEAM,
          ORGANIZATION_ERRORS.UNABLE_TO_REMOVE_LAST_TEAM,
        ],
      },
    },
    async (ctx) => {
      const team = await requireTeam(ctx.auth.db, ctx.body.teamId);
      if (ctx.body.organizationId && ctx.body.organizationId !== team.organizationId)
        throw new AuthError(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
      const member = await requireMember(ctx, team.organizationId);
      requirePermission(o, member, { team: ["delete"] }, ORGANIZATION_ERRORS.NOT_ALLOWED_TO_DELETE_TEAM);
      if (await findTeamMember(ctx.auth.db, team.id, ctx.session.user.id))
        throw new AuthError(ORGANIZATION_ERRORS.CANNOT_REMOVE_OWN_TEAM);
      const byTeam = [{ field: "teamId", value: team.id }];
      await ctx.auth.db.transaction(async (tx) => {
        // Under the lock, the last-team count and the cleanup cannot interleave with accepts or adds.
        await lockOrganization(tx, team.organizationId);
        if (!(await findTeamInOrganization(tx, team.id, team.organizationId)))
          throw new AuthError(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
        const count = await tx.count({
          model: "team",
          where: [{ field: "organizationId", value: team.organizationId }],
        });
        if (count <= 1 && !o.teams.allowRemovingAllTeams)
          throw new AuthError(ORGANIZATION_ERRORS.UNABLE_TO_REMOVE_LAST_TEAM);
        await tx.deleteMany({ model: "teamMember", where: byTeam });
        // Accepting an invitation that still named the team would insert a team member for a missing team.
        await tx.updateMany({ model: "invitation", where: byTeam, update: { teamId: null } });
        await tx.updateMany({ model: "member", where: byTeam, update: { teamId: null } });
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
