import { AuthError, defineEndpoint, stringInput } from "@gatehouse-auth/core";
import { z } from "zod";
import { teamFields } from "../organization-schema.js";
import { lockOrganization } from "../lock-organization.js";
import { organizationIdOrActive, requireMember, requireOrganization, requirePermission } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import type { Team } from "../organization-types.js";
import { teamResponse } from "../organization-responses.js";

/** POST /organization/create-team: needs `team: create`; at most `teams.maximumTeams` per organization (under its lock). */
export const createTeam = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/create-team",
      body: z.object({ name: stringInput(teamFields.name).trim().min(1), organizationId: z.string().optional() }),
      session: "required",
      openapi: {
        summary: "Create a team",
        response: teamResponse,
        errors: [
          ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION,
          ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND,
          ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION,
          ORGANIZATION_ERRORS.NOT_ALLOWED_TO_CREATE_TEAM,
          ORGANIZATION_ERRORS.TEAM_LIMIT_REACHED,
        ],
      },
    },
    async (ctx) => {
      const organizationId = organizationIdOrActive(ctx.session, ctx.body.organizationId);
      await requireOrganization(ctx.auth.db, organizationId);
      const member = await requireMember(ctx, organizationId);
      requirePermission(o, member, { team: ["create"] }, ORGANIZATION_ERRORS.NOT_ALLOWED_TO_CREATE_TEAM);
      return ctx.auth.db.transaction(async (tx) => {
        // Serialises creates in one organization, so concurrent ones cannot pass the count together.
        if (!(await lockOrganization(tx, organizationId)))
          throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
        const count = await tx.count({ model: "team", where: [{ field: "organizationId", value: organizationId }] });
        if (count >= o.teams.maximumTeams) throw new AuthError(ORGANIZATION_ERRORS.TEAM_LIMIT_REACHED);
        const now = new Date();
        return tx.create<Team>({
          model: "team",
          data: { name: ctx.body.name, organizationId, createdAt: now, updatedAt: now },
        });
      });
    },
  );
