import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import {
  requireInvitationParties,
  requireOpenInvitation,
  requireRecipient,
  requireVerifiedInvitee,
} from "../invitations.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import { invitationResponse } from "../organization-responses.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";

/**
 * GET /organization/get-invitation?id: a pending invitation, to its recipient only, with names for
 * display; refused once its inviter has left the organization (it could no longer be accepted).
 */
export const getInvitation = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/organization/get-invitation",
      query: z.object({ id: z.string().min(1) }),
      session: "required",
      openapi: {
        summary: "An invitation addressed to the caller",
        response: z.intersection(
          invitationResponse,
          z.object({ organizationName: z.string(), organizationSlug: z.string(), inviterEmail: z.string() }),
        ),
        errors: [
          ORGANIZATION_ERRORS.INVITATION_NOT_FOUND,
          ORGANIZATION_ERRORS.NOT_INVITATION_RECIPIENT,
          ORGANIZATION_ERRORS.EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION,
          ORGANIZATION_ERRORS.FAILED_TO_RETRIEVE_INVITATION,
          ORGANIZATION_ERRORS.INVITER_NO_LONGER_MEMBER,
        ],
      },
    },
    async (ctx) => {
      requireVerifiedInvitee(o, ctx.session);
      const invitation = await requireOpenInvitation(ctx.auth, ctx.query.id);
      requireRecipient(ctx.session, invitation);
      const { organization, inviter } = await requireInvitationParties(ctx.auth.db, invitation);
      return {
        ...invitation,
        organizationName: organization.name,
        organizationSlug: organization.slug,
        inviterEmail: inviter.email,
      };
    },
  );
