import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { claimInvitation, requireOpenInvitation, requireRecipient, requireVerifiedInvitee } from "../invitations.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { Invitation } from "../organization-types.js";
import { invitationResponse } from "../organization-responses.js";

/**
 * POST /organization/reject-invitation: the recipient declines a pending, unexpired invitation;
 * final. Declining needs no valid inviter: it only ever closes the invitation.
 */
export const rejectInvitation = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/reject-invitation",
      body: z.object({ invitationId: z.string().min(1) }),
      session: "required",
      openapi: {
        summary: "Reject an invitation",
        response: z.object({ invitation: invitationResponse, member: z.null() }),
        errors: [
          ORGANIZATION_ERRORS.INVITATION_NOT_FOUND,
          ORGANIZATION_ERRORS.NOT_INVITATION_RECIPIENT,
          ORGANIZATION_ERRORS.EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION,
        ],
      },
    },
    async (ctx) => {
      requireVerifiedInvitee(o, ctx.session);
      const found = await requireOpenInvitation(ctx.auth, ctx.body.invitationId);
      requireRecipient(ctx.session, found);
      if (!(await claimInvitation(ctx.auth.db, found.id, "rejected", ctx.auth.now())))
        throw new AuthError(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
      const invitation: Invitation = { ...found, status: "rejected" };
      return { invitation, member: null };
    },
  );
