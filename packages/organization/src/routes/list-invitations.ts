import { defineEndpoint } from "@gatehouse/core";
import { z } from "zod";
import { organizationIdOrActive, requireMember } from "../membership.js";
import type { Invitation } from "../organization-types.js";

/** GET /organization/list-invitations: every invitation of an organization, to its members. */
export const listInvitations = defineEndpoint(
  {
    method: "GET",
    path: "/organization/list-invitations",
    query: z.object({ organizationId: z.string().optional() }),
    session: "required",
    openapi: { summary: "An organization's invitations" },
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
