import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import {
  countOwners,
  isOwner,
  organizationIdOrActive,
  parseRoles,
  requireMember,
  requirePermission,
  validateRoles,
} from "../membership.js";
import { lockOrganization } from "../lock-organization.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import type { Member } from "../organization-types.js";
import { memberResponse } from "../organization-responses.js";

const body = z.object({
  memberId: z.string().min(1),
  role: z.union([z.string(), z.array(z.string())]),
  organizationId: z.string().optional(),
});

/**
 * POST /organization/update-member-role: needs `member: update`. Only an owner may touch an owner or
 * grant ownership; the only owner cannot give it up.
 */
export const updateMemberRole = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/update-member-role",
      body,
      session: "required",
      openapi: {
        summary: "Change a member's roles",
        response: memberResponse,
        errors: [
          ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION,
          ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION,
          ORGANIZATION_ERRORS.NOT_ALLOWED_TO_UPDATE_MEMBER,
          ORGANIZATION_ERRORS.ROLE_NOT_FOUND,
          ORGANIZATION_ERRORS.MEMBER_NOT_FOUND,
          ORGANIZATION_ERRORS.CANNOT_REMOVE_LAST_OWNER,
        ],
      },
    },
    async (ctx) => {
      const organizationId = organizationIdOrActive(ctx.session, ctx.body.organizationId);
      const caller = await requireMember(ctx, organizationId);
      requirePermission(o, caller, { member: ["update"] }, ORGANIZATION_ERRORS.NOT_ALLOWED_TO_UPDATE_MEMBER);
      const role = validateRoles(o, ctx.body.role);
      const target = await ctx.auth.db.findOne<Member>({
        model: "member",
        where: [
          { field: "organizationId", value: organizationId },
          { field: "id", value: ctx.body.memberId },
        ],
      });
      if (!target) throw new AuthError(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
      const grantsOwner = parseRoles(role).includes(o.creatorRole);
      if ((isOwner(o, target) || grantsOwner) && !isOwner(o, caller))
        throw new AuthError(ORGANIZATION_ERRORS.NOT_ALLOWED_TO_UPDATE_MEMBER);
      // Under the organization lock, so two owners demoting each other cannot both succeed.
      const updated = await ctx.auth.db.transaction(async (tx) => {
        await lockOrganization(tx, organizationId);
        const current = await tx.findOne<Member>({ model: "member", where: [{ field: "id", value: target.id }] });
        if (!current) throw new AuthError(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
        if (isOwner(o, current) && !grantsOwner && (await countOwners(tx, o, organizationId)) <= 1)
          throw new AuthError(ORGANIZATION_ERRORS.CANNOT_REMOVE_LAST_OWNER);
        return tx.update<Member>({ model: "member", where: [{ field: "id", value: current.id }], update: { role } });
      });
      if (!updated) throw new AuthError(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
      return updated;
    },
  );
