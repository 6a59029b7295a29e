import { AuthError, defineEndpoint, updateCurrentSession } from "@gatehouse-auth/core";
import { z } from "zod";
import { addMembership } from "../add-membership.js";
import {
  claimInvitation,
  requireInvitationParties,
  requireOpenInvitation,
  requireRecipient,
  requireVerifiedInvitee,
} from "../invitations.js";
import { lockOrganization } from "../lock-organization.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import type { Invitation } from "../organization-types.js";
import { findTeamInOrganization } from "../teams.js";
import { invitationResponse, memberResponse } from "../organization-responses.js";

/**
 * POST /organization/accept-invitation: under the organization lock, claims the invitation and
 * creates the membership in one transaction — of concurrent accepts only one claims it, and the
 * limits hold — then makes the organization active.
 */
export const acceptInvitation = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/accept-invitation",
      body: z.object({ invitationId: z.string().min(1) }),
      session: "required",
      openapi: {
        summary: "Accept an invitation",
        response: z.object({ invitation: invitationResponse, member: memberResponse }),
        errors: [
          ORGANIZATION_ERRORS.INVITATION_NOT_FOUND,
          ORGANIZATION_ERRORS.NOT_INVITATION_RECIPIENT,
          ORGANIZATION_ERRORS.EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION,
          ORGANIZATION_ERRORS.FAILED_TO_RETRIEVE_INVITATION,
          ORGANIZATION_ERRORS.INVITER_NO_LONGER_MEMBER,
          ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND,
          ORGANIZATION_ERRORS.USER_ALREADY_MEMBER,
          ORGANIZATION_ERRORS.MEMBERSHIP_LIMIT_REACHED,
          ORGANIZATION_ERRORS.TEAM_MEMBER_LIMIT_REACHED,
          ORGANIZATION_ERRORS.USER_ALREADY_TEAM_MEMBER,
        ],
      },
    },
    async (ctx) => {
      requireVerifiedInvitee(o, ctx.session);
      const found = await requireOpenInvitation(ctx.auth, ctx.body.invitationId);
      requireRecipient(ctx.session, found);
      const { invitation, member } = await ctx.auth.db.transaction(async (tx) => {
        if (!(await lockOrganization(tx, found.organizationId)))
          throw new AuthError(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
        await requireInvitationParties(tx, found);
        if (!(await claimInvitation(tx, found.id, "accepted", ctx.auth.now())))
          throw new AuthError(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
        // Read again under the lock: removing a team clears it from pending invitations meanwhile.
        const current = await tx.findOne<Invitation>({
          model: "invitation",
          where: [{ field: "id", value: found.id }],
        });
        if (!current) throw new AuthError(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
        // A team that is gone (removed before invitations were cleared with it) leaves an organization invitation.
        const team =
          o.teams.enabled && current.teamId
            ? await findTeamInOrganization(tx, current.teamId, current.organizationId)
            : null;
        const member = await addMembership(tx, o, {
          organizationId: current.organizationId,
          userId: ctx.session.user.id,
          role: current.role,
          teamId: team?.id ?? null,
        });
        return { invitation: current, member };
      });
      await updateCurrentSession(ctx, {
        activeOrganizationId: invitation.organizationId,
        ...(o.teams.enabled ? { activeTeamId: member.teamId ?? null } : {}),
      });
      return { invitation, member };
    },
  );
