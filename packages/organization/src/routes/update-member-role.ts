import { AuthError, defineEndpoint } from "@gatehouse/core";
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
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import type { Member } from "../organization-types.js";

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
      openapi: { summary: "Change a member's roles" },
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
      if (isOwner(o, target) && !grantsOwner && (await countOwners(ctx.auth.db, o, organizationId)) <= 1)
        throw new AuthError(ORGANIZATION_ERRORS.CANNOT_REMOVE_LAST_OWNER);
      const updated = await ctx.auth.db.update<Member>({
        model: "member",
        where: [{ field: "id", value: target.id }],
        update: { role },
      });
      if (!updated) throw new AuthError(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
      return updated;
    },
  );
