import { AuthError, defineEndpoint } from "@gatehouse/core";
import { z } from "zod";
import { findMember, requireMember, requirePermission } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import type { TeamMember } from "../organization-types.js";
import { findTeamMember, requireTeam } from "../teams.js";

const body = z.object({ teamId: z.string().min(1), userId: z.string().min(1), organizationId: z.string().optional() });

/** POST /organization/add-team-member: needs `team: update`; the user must belong to the organization. */
export const addTeamMember = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/add-team-member",
      body,
      session: "required",
      openapi: { summary: "Add a user to a team" },
    },
    async (ctx) => {
      const team = await requireTeam(ctx.auth.db, ctx.body.teamId);
      const caller = await requireMember(ctx, team.organizationId);
      requirePermission(o, caller, { team: ["update"] }, ORGANIZATION_ERRORS.NOT_ALLOWED_TO_UPDATE_TEAM);
      if (!(await findMember(ctx.auth.db, team.organizationId, ctx.body.userId)))
        throw new AuthError(ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION);
      const existing = await findTeamMember(ctx.auth.db, team.id, ctx.body.userId);
      if (existing) return existing;
      return ctx.auth.db.transaction(async (tx) => {
        const count = await tx.count({ model: "teamMember", where: [{ field: "teamId", value: team.id }] });
        if (count >= o.teams.maximumMembersPerTeam) throw new AuthError(ORGANIZATION_ERRORS.TEAM_MEMBER_LIMIT_REACHED);
        return tx.create<TeamMember>({ model: "teamMember", data: { teamId: team.id, userId: ctx.body.userId } });
      });
    },
  );
