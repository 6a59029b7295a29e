import { AuthError, defineEndpoint, updateCurrentSession } from "@gatehouse/core";
import { z } from "zod";
import { addMembership } from "../add-membership.js";
import { claimInvitation, requireOpenInvitation, requireRecipient } from "../invitations.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import type { Invitation } from "../organization-types.js";

/**
 * POST /organization/accept-invitation: claims the invitation and creates the membership in one
 * transaction — of two concurrent accepts only one claims it — then makes the organization active.
 */
export const acceptInvitation = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/accept-invitation",
      body: z.object({ invitationId: z.string().min(1) }),
      session: "required",
      openapi: { summary: "Accept an invitation" },
    },
    async (ctx) => {
      const found = await requireOpenInvitation(ctx.auth, ctx.body.invitationId);
      requireRecipient(ctx.auth, ctx.session, found, true);
      const member = await ctx.auth.db.transaction(async (tx) => {
        if (!(await claimInvitation(tx, found.id, "accepted")))
          throw new AuthError(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
        return addMembership(tx, o, {
          organizationId: found.organizationId,
          userId: ctx.session.user.id,
          role: found.role,
          teamId: found.teamId,
        });
      });
      await updateCurrentSession(ctx, {
        activeOrganizationId: found.organizationId,
        ...(o.teams.enabled ? { activeTeamId: member.teamId ?? null } : {}),
      });
      const invitation: Invitation = { ...found, status: "accepted" };
      return { invitation, member };
    },
  );
