import { z } from "zod";
import { CORE_ERRORS, defineEndpoint, pageQuery } from "@gatehouse-auth/core";
import type { Invitation, Organization } from "../organization-types.js";
import { invitationResponse } from "../organization-responses.js";
import { requireVerifiedInvitee } from "../invitations.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import { readArrayPage } from "../read-page.js";

/**
 * GET /organization/list-user-invitations: pending, unexpired invitations to the caller's email, once
 * that email is verified (requireVerifiedInvitee), oldest first, a page at a time: anyone can create
 * organizations and invite an address, so the list is not the caller's to bound.
 */
export const listUserInvitations = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/organization/list-user-invitations",
      session: "required",
      query: z.object(pageQuery),
      openapi: {
        summary: "Invitations addressed to the caller",
        description:
          "Oldest first, at most 100 a page (a larger `limit` is clamped). When more remain, the `X-Next-Cursor` response header holds the next page's cursor: pass it back as `cursor`.",
        response: z.array(
          z.intersection(
            invitationResponse,
            z.object({ organizationName: z.string().nullable(), organizationSlug: z.string().nullable() }),
          ),
        ),
        errors: [ORGANIZATION_ERRORS.EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION, CORE_ERRORS.INVALID_CURSOR],
      },
    },
    async (ctx) => {
      requireVerifiedInvitee(o, ctx.session);
      const email = ctx.session.user.email.toLowerCase();
      const rows = await readArrayPage<Invitation & { organization: Organization | null }>(
        ctx,
        {
          listing: `user-invitations:${email}`,
          model: "invitation",
          where: [
            { field: "email", value: email },
            { field: "status", value: "pending" },
            { field: "expiresAt", operator: "gt", value: new Date(ctx.auth.now()) },
          ],
          join: [{ model: "organization", localField: "organizationId", foreignField: "id", as: "organization" }],
        },
        ctx.query,
      );
      return rows.map(({ organization, ...invitation }) => ({
        ...invitation,
        organizationName: organization?.name ?? null,
        organizationSlug: organization?.slug ?? null,
      }));
    },
  );
