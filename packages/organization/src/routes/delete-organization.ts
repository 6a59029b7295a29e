import { AuthError, defineEndpoint, updateCurrentSession } from "@gatehouse-auth/core";
import { z } from "zod";
import { lockOrganization } from "../lock-organization.js";
import { DELETES_ORGANIZATION_TAG } from "../member-permission.js";
import { clearActiveOrganization, requireMember, requireOrganization, requirePermission } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import { organizationResponse } from "../organization-responses.js";

/**
 * POST /organization/delete: needs `organization: delete` (owner); removes members, invitations and
 * teams, and clears the organization (and its teams) as active on every session pointing at it.
 */
export const deleteOrganization = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/delete",
      body: z.object({ organizationId: z.string().min(1) }),
      session: "required",
      // Other plugins drop what they keep per organization (the api-key plugin: its keys) after this.
      tags: [DELETES_ORGANIZATION_TAG],
      openapi: {
        summary: "Delete an organization",
        response: organizationResponse,
        errors: [
          ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND,
          ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION,
          ORGANIZATION_ERRORS.NOT_ALLOWED_TO_DELETE_ORGANIZATION,
        ],
      },
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
        // Waits for accepts and invites in flight, which would otherwise write into a vanishing organization.
        if (!(await lockOrganization(tx, organizationId)))
          throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
        if (o.teams.enabled) {
          const teams = await tx.findMany<{ id: string }>({ model: "team", where: byOrg, select: ["id"] });
          if (teams.length > 0) {
            const ids = teams.map((t) => t.id);
            await tx.deleteMany({ model: "teamMember", where: [{ field: "teamId", operator: "in", value: ids }] });
            // A session whose active team lies here but whose active organization moved on.
            await tx.updateMany({
              model: "session",
              where: [{ field: "activeTeamId", operator: "in", value: ids }],
              update: { activeTeamId: null },
            });
          }
          await tx.deleteMany({ model: "team", where: byOrg });
        }
        await tx.deleteMany({ model: "invitation", where: byOrg });
        await tx.deleteMany({ model: "member", where: byOrg });
        await clearActiveOrganization(tx, o, organizationId);
        await tx.delete({ model: "organization", where: [{ field: "id", value: organizationId }] });
      });
      if (ctx.session.session.activeOrganizationId === organizationId)
        await updateCurrentSession(ctx, {
          activeOrganizationId: null,
          ...(o.teams.enabled ? { activeTeamId: null } : {}),
        });
      return organization;
    },
  );
