import { AuthError, defineEndpoint } from "@gatehouse/core";
import { z } from "zod";
import { countOwners, findMember, isOwner } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import { removeMembership } from "../remove-membership.js";

/** POST /organization/leave: the caller leaves; the only owner cannot. */
export const leaveOrganization = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/leave",
      body: z.object({ organizationId: z.string().min(1) }),
      session: "required",
      openapi: { summary: "Leave an organization" },
    },
    async (ctx) => {
      const member = await findMember(ctx.auth.db, ctx.body.organizationId, ctx.session.user.id);
      if (!member) throw new AuthError(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
      if (isOwner(o, member) && (await countOwners(ctx.auth.db, o, member.organizationId)) <= 1)
        throw new AuthError(ORGANIZATION_ERRORS.CANNOT_LEAVE_AS_ONLY_OWNER);
      await removeMembership(ctx, o, member);
      return member;
    },
  );
