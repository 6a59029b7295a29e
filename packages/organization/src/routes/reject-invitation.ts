import { AuthError, defineEndpoint } from "@gatehouse/core";
import { z } from "zod";
import { claimInvitation, requireOpenInvitation, requireRecipient } from "../invitations.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { Invitation } from "../organization-types.js";

/** POST /organization/reject-invitation: the recipient declines a pending invitation; final. */
export const rejectInvitation = defineEndpoint(
  {
    method: "POST",
    path: "/organization/reject-invitation",
    body: z.object({ invitationId: z.string().min(1) }),
    session: "required",
    openapi: { summary: "Reject an invitation" },
  },
  async (ctx) => {
    const found = await requireOpenInvitation(ctx.auth, ctx.body.invitationId);
    requireRecipient(ctx.auth, ctx.session, found, true);
    if (!(await claimInvitation(ctx.auth.db, found.id, "rejected")))
      throw new AuthError(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
    const invitation: Invitation = { ...found, status: "rejected" };
    return { invitation, member: null };
  },
);
