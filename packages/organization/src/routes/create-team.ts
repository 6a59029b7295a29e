import { AuthError, defineEndpoint } from "@gatehouse/core";
import { z } from "zod";
import { organizationIdOrActive, requireMember, requireOrganization, requirePermission } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import type { Team } from "../organization-types.js";

/** POST /organization/create-team: needs `team: create`; at most `teams.maximumTeams` per organization. */
export const createTeam = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/create-team",
      body: z.object({ name: z.string().min(1), organizationId: z.string().optional() }),
      session: "required",
      openapi: { summary: "Create a team" },
    },
    async (ctx) => {
      const organizationId = organizationIdOrActive(ctx.session, ctx.body.organizationId);
      await requireOrganization(ctx.auth.db, organizationId);
      const member = await requireMember(ctx, organizationId);
      requirePermission(o, member, { team: ["create"] }, ORGANIZATION_ERRORS.NOT_ALLOWED_TO_CREATE_TEAM);
      return ctx.auth.db.transaction(async (tx) => {
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
