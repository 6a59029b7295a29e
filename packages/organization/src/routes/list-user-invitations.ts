import { z } from "zod";
import { defineEndpoint } from "@gatehouse/core";
import type { Invitation, Organization } from "../organization-types.js";
import { invitationResponse } from "../organization-responses.js";

/** GET /organization/list-user-invitations: pending, unexpired invitations to the caller's email. */
export const listUserInvitations = defineEndpoint(
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
    },
  },
  async (ctx) => {
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
