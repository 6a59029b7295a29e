import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { findMember, organizationIdOrActive } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";

const query = z.object({
  /** Another member of the same organization; default the caller. */
  userId: z.string().min(1).optional(),
  /** Default the session's active organization. */
  organizationId: z.string().min(1).optional(),
});

/**
 * GET /organization/get-active-member-role: `{ role }` of the caller, or of `userId`, in the active
 * organization or `organizationId`. Only members see roles: a caller outside the organization gets 403
 * whether or not it exists, so the answer tells a stranger nothing about it or its members.
 */
export const getActiveMemberRole = defineEndpoint(
  {
    method: "GET",
    path: "/organization/get-active-member-role",
    query,
    session: "required",
    apiKeyPermission: { resource: "organization", action: "read" },
    openapi: {
      summary: "A member's role in the active (or named) organization",
      response: z.object({ role: z.string().describe("Role names, comma-separated when there are several") }),
      errors: [
        ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION,
        ORGANIZATION_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION,
        ORGANIZATION_ERRORS.MEMBER_NOT_FOUND,
      ],
    },
  },
  async (ctx) => {
    const organizationId = organizationIdOrActive(ctx.session, ctx.query.organizationId);
    const caller = await findMember(ctx.auth.db, organizationId, ctx.session.user.id);
    if (!caller) throw new AuthError(ORGANIZATION_ERRORS.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
    const userId = ctx.query.userId;
    if (!userId || userId === caller.userId) return { role: caller.role };
    const member = await findMember(ctx.auth.db, organizationId, userId);
    if (!member) throw new AuthError(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
    return { role: member.role };
  },
);
