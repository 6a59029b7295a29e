import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { countOwners, findMember, isOwner } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import { removeMembership } from "../remove-membership.js";
import { memberWithUserResponse } from "../organization-responses.js";

/**
 * POST /organization/leave: the caller leaves; the only owner cannot (counted under the organization lock).
 * Answers the removed membership with its user's public fields, as better-auth's client expects.
 */
export const leaveOrganization = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/leave",
      body: z.object({ organizationId: z.string().min(1) }),
      session: "required",
      openapi: {
        summary: "Leave an organization",
        response: memberWithUserResponse,
        errors: [ORGANIZATION_ERRORS.MEMBER_NOT_FOUND, ORGANIZATION_ERRORS.CANNOT_LEAVE_AS_ONLY_OWNER],
      },
    },
    async (ctx) => {
      const member = await findMember(ctx.auth.db, ctx.body.organizationId, ctx.session.user.id);
      if (!member) throw new AuthError(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
      return removeMembership(ctx, o, member, async (tx, current) => {
        if (isOwner(o, current) && (await countOwners(tx, o, current.organizationId)) <= 1)
          throw new AuthError(ORGANIZATION_ERRORS.CANNOT_LEAVE_AS_ONLY_OWNER);
      });
    },
  );
