import { defineEndpoint } from "@gatehouse/core";
import { z } from "zod";
import { organizationIdOrActive, requireMember } from "../membership.js";
import type { Invitation } from "../organization-types.js";
import { invitationResponse } from "../organization-responses.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";

/** GET /organization/list-invitations: every invitation of an organization, to its members. */
export const listInvitations = defineEndpoint(
  {
    method: "GET",
    path: "/organization/list-invitations",
    query: z.object({ organizationId: z.string().optional() }),
    session: "required",
    openapi: {
      summary: "An organization's invitations",
      response: z.array(invitationResponse),
      errors: [ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION, ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION],
    },
  },
  async (ctx) => {
    const organizationId = organizationIdOrActive(ctx.session, ctx.query.organizationId);
    await requireMember(ctx, organizationId);
    return ctx.auth.db.findMany<Invitation>({
      model: "invitation",
      where: [{ field: "organizationId", value: organizationId }],
      sortBy: { field: "createdAt", direction: "asc" },
    });
  },
);
