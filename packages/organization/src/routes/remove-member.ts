import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import type { Where } from "@gatehouse-auth/core";
import { z } from "zod";
import { countOwners, isOwner, organizationIdOrActive, requireMember, requirePermission } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import type { Member } from "../organization-types.js";
import { removeMembership } from "../remove-membership.js";
import { memberWithUserResponse } from "../organization-responses.js";

const body = z.object({ memberIdOrEmail: z.string().min(1), organizationId: z.string().optional() });

/**
 * POST /organization/remove-member: by member id or the member's email; needs `member: delete`. An
 * owner can be removed only by an owner, and never the only one (SPEC.md §6; checked under the
 * organization lock). Answers `{ member }` with the member's user (`{ id, name, email, image }`).
 */
export const removeMember = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/remove-member",
      body,
      session: "required",
      openapi: {
        summary: "Remove a member",
        response: z.object({ member: memberWithUserResponse }),
        errors: [
          ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION,
          ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION,
          ORGANIZATION_ERRORS.NOT_ALLOWED_TO_DELETE_MEMBER,
          ORGANIZATION_ERRORS.MEMBER_NOT_FOUND,
          ORGANIZATION_ERRORS.CANNOT_REMOVE_LAST_OWNER,
        ],
      },
    },
    async (ctx) => {
      const organizationId = organizationIdOrActive(ctx.session, ctx.body.organizationId);
      const caller = await requireMember(ctx, organizationId);
      requirePermission(o, caller, { member: ["delete"] }, ORGANIZATION_ERRORS.NOT_ALLOWED_TO_DELETE_MEMBER);
      const key = ctx.body.memberIdOrEmail;
      let target: Member | null = null;
      const inOrg: Where = { field: "organizationId", value: organizationId };
      if (key.includes("@")) {
        const user = await ctx.auth.users.findByEmail(key.trim().toLowerCase());
        if (user)
          target = await ctx.auth.db.findOne<Member>({
            model: "member",
            where: [inOrg, { field: "userId", value: user.id }],
          });
      } else {
        target = await ctx.auth.db.findOne<Member>({ model: "member", where: [inOrg, { field: "id", value: key }] });
      }
      if (!target) throw new AuthError(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
      const removed = await removeMembership(ctx, o, target, async (tx, current) => {
        if (!isOwner(o, current)) return;
        // SPEC.md §6: never the sole owner (whoever asks), and an owner only by an owner.
        if ((await countOwners(tx, o, organizationId)) <= 1)
          throw new AuthError(ORGANIZATION_ERRORS.CANNOT_REMOVE_LAST_OWNER);
        if (!isOwner(o, caller)) throw new AuthError(ORGANIZATION_ERRORS.NOT_ALLOWED_TO_DELETE_MEMBER);
      });
      return { member: removed };
    },
  );
