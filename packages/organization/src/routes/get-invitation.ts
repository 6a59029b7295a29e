import { defineEndpoint } from "@gatehouse/core";
import type { User } from "@gatehouse/core";
import { z } from "zod";
import { requireOpenInvitation, requireRecipient } from "../invitations.js";
import { requireOrganization } from "../membership.js";

/** GET /organization/get-invitation?id: a pending invitation, to its recipient only, with names for display. */
export const getInvitation = defineEndpoint(
  {
    method: "GET",
    path: "/organization/get-invitation",
    query: z.object({ id: z.string().min(1) }),
    session: "required",
    openapi: { summary: "An invitation addressed to the caller" },
  },
  async (ctx) => {
    const invitation = await requireOpenInvitation(ctx.auth, ctx.query.id);
    requireRecipient(ctx.auth, ctx.session, invitation, false);
    const organization = await requireOrganization(ctx.auth.db, invitation.organizationId);
    const inviter: User | null = await ctx.auth.users.findById(invitation.inviterId);
    return {
      ...invitation,
      organizationName: organization.name,
      organizationSlug: organization.slug,
      inviterEmail: inviter?.email ?? null,
    };
  },
);
