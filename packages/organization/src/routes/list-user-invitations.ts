import { z } from "zod";
import { defineEndpoint } from "@gatehouse/core";
import type { Invitation, Organization } from "../organization-types.js";
import { invitationResponse } from "../organization-responses.js";
import { requireVerifiedInvitee } from "../invitations.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";

/**
 * GET /organization/list-user-invitations: pending, unexpired invitations to the caller's email, once
 * that email is verified (requireVerifiedInvitee).
 */
export const listUserInvitations = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/organization/list-user-invitations",
      session: "required",
      openapi: {
        summary: "Invitations addressed to the caller",
        response: z.array(
          z.intersection(
            invitationResponse,
            z.object({ organizationName: z.string().nullable(), organizationSlug: z.string().nullable() }),
          ),
        ),
        errors: [ORGANIZATION_ERRORS.EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION],
      },
    },
    async (ctx) => {
      requireVerifiedInvitee(o, ctx.session);
      const rows = await ctx.auth.db.findMany<Invitation & { organization: Organization | null }>({
        model: "invitation",
        where: [
          { field: "email", value: ctx.session.user.email.toLowerCase() },
          { field: "status", value: "pending" },
          { field: "expiresAt", operator: "gt", value: new Date(ctx.auth.now()) },
        ],
        join: [{ model: "organization", localField: "organizationId", foreignField: "id", as: "organization" }],
      });
      return rows.map(({ organization, ...invitation }) => ({
        ...invitation,
        organizationName: organization?.name ?? null,
        organizationSlug: organization?.slug ?? null,
      }));
    },
  );
