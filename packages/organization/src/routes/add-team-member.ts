import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { createOrRefuse } from "../create-or-refuse.js";
import { lockOrganization } from "../lock-organization.js";
import { findMember, requireMember, requirePermission } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import type { TeamMember } from "../organization-types.js";
import { findTeamInOrganization, findTeamMember, requireTeam, requireTeamRoom } from "../teams.js";
import { teamMemberResponse } from "../organization-responses.js";

const body = z.object({ teamId: z.string().min(1), userId: z.string().min(1), organizationId: z.string().optional() });

/**
 * POST /organization/add-team-member: needs `team: update`; the user must belong to the organization.
 * The member limit is counted under the organization lock, so concurrent adds cannot overfill a team.
 */
export const addTeamMember = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/add-team-member",
      body,
      session: "required",
      openapi: {
        summary: "Add a user to a team",
        response: teamMemberResponse,
        errors: [
          ORGANIZATION_ERRORS.TEAM_NOT_FOUND,
          ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION,
          ORGANIZATION_ERRORS.NOT_ALLOWED_TO_UPDATE_TEAM,
          ORGANIZATION_ERRORS.TEAM_MEMBER_LIMIT_REACHED,
          ORGANIZATION_ERRORS.USER_ALREADY_TEAM_MEMBER,
        ],
      },
    },
    async (ctx) => {
      const team = await requireTeam(ctx.auth.db, ctx.body.teamId);
      if (ctx.body.organizationId && ctx.body.organizationId !== team.organizationId)
        throw new AuthError(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
      const caller = await requireMember(ctx, team.organizationId);
      requirePermission(o, caller, { team: ["update"] }, ORGANIZATION_ERRORS.NOT_ALLOWED_TO_UPDATE_TEAM);
      const { userId } = ctx.body;
      return ctx.auth.db.transaction(async (tx) => {
        await lockOrganization(tx, team.organizationId);
        // Re-read under the lock: the team or the membership may have gone meanwhile.
        if (!(await findTeamInOrganization(tx, team.id, team.organizationId)))
          throw new AuthError(ORGANIZATION_ERRORS.TEAM_NOT_FOUND);
        if (!(await findMember(tx, team.organizationId, userId)))
          throw new AuthError(ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION);
        const existing = await findTeamMember(tx, team.id, userId);
        if (existing) return existing;
        await requireTeamRoom(tx, o.teams.maximumMembersPerTeam, team.id);
        return createOrRefuse<TeamMember>(
          tx,
          { model: "teamMember", data: { teamId: team.id, userId } },
          ORGANIZATION_ERRORS.USER_ALREADY_TEAM_MEMBER,
        );
      });
    },
  );
