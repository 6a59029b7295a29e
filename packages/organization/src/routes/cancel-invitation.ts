import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { requireMember, requirePermission } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import type { Invitation } from "../organization-types.js";
import { invitationResponse } from "../organization-responses.js";

/** POST /organization/cancel-invitation: needs `invitation: cancel`; SPEC.md §4: the status is not checked. */
export const cancelInvitation = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/cancel-invitation",
      body: z.object({ invitationId: z.string().min(1) }),
      session: "required",
      openapi: {
        summary: "Cancel an invitation",
        response: invitationResponse,
        errors: [
          ORGANIZATION_ERRORS.INVITATION_NOT_FOUND,
          ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION,
          ORGANIZATION_ERRORS.NOT_ALLOWED_TO_CANCEL_INVITATION,
        ],
      },
    },
    async (ctx) => {
      const where = [{ field: "id", value: ctx.body.invitationId }];
      const invitation = await ctx.auth.db.findOne<Invitation>({ model: "invitation", where });
      if (!invitation) throw new AuthError(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
      const member = await requireMember(ctx, invitation.organizationId);
      requirePermission(o, member, { invitation: ["cancel"] }, ORGANIZATION_ERRORS.NOT_ALLOWED_TO_CANCEL_INVITATION);
      const updated = await ctx.auth.db.update<Invitation>({
        model: "invitation",
        where,
        update: { status: "canceled" },
      });
      if (!updated) throw new AuthError(ORGANIZATION_ERRORS.INVITATION_NOT_FOUND);
      return updated;
    },
  );
