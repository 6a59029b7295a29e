import { defineEndpoint, updateCurrentSession } from "@gatehouse/core";
import { z } from "zod";
import { clearActiveOrganization, requireMember, requireOrganization, requirePermission } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";

/** POST /organization/delete: needs `organization: delete` (owner); removes members, invitations, teams. */
export const deleteOrganization = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/delete",
      body: z.object({ organizationId: z.string().min(1) }),
      session: "required",
      openapi: { summary: "Delete an organization" },
    },
    async (ctx) => {
      const { organizationId } = ctx.body;
      const organization = await requireOrganization(ctx.auth.db, organizationId);
      const member = await requireMember(ctx, organizationId);
      requirePermission(
        o,
        member,
        { organization: ["delete"] },
        ORGANIZATION_ERRORS.NOT_ALLOWED_TO_DELETE_ORGANIZATION,
      );
      const byOrg = [{ field: "organizationId", value: organizationId }];
      await ctx.auth.db.transaction(async (tx) => {
        if (o.teams.enabled) {
          const teams = await tx.findMany<{ id: string }>({ model: "team", where: byOrg, select: ["id"] });
          if (teams.length > 0)
            await tx.deleteMany({
              model: "teamMember",
              where: [{ field: "teamId", operator: "in", value: teams.map((t) => t.id) }],
            });
          await tx.deleteMany({ model: "team", where: byOrg });
        }
        await tx.deleteMany({ model: "invitation", where: byOrg });
        await tx.deleteMany({ model: "member", where: byOrg });
        await tx.delete({ model: "organization", where: [{ field: "id", value: organizationId }] });
        await clearActiveOrganization(tx, organizationId);
      });
      if (ctx.session.session.activeOrganizationId === organizationId)
        await updateCurrentSession(ctx, {
          activeOrganizationId: null,
          ...(o.teams.enabled ? { activeTeamId: null } : {}),
        });
      return organization;
    },
  );
