import { defineEndpoint } from "@gatehouse/core";
import { z } from "zod";
import { memberUserJoin, organizationIdOrActive, requireMember, withPublicUser } from "../membership.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import type { Member } from "../organization-types.js";
import { memberWithUserResponse } from "../organization-responses.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";

const query = z.object({
  organizationId: z.string().optional(),
  limit: z.coerce.number().int().positive().optional(),
  offset: z.coerce.number().int().nonnegative().optional(),
});

/** GET /organization/list-members: members with their users, and the total; capped at the membership limit. */
export const listMembers = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/organization/list-members",
      query,
      session: "required",
      openapi: {
        summary: "List members",
        response: z.object({
          members: z.array(memberWithUserResponse),
          total: z.number().describe("How many members the organization has, whatever limit and offset say"),
        }),
        errors: [ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION, ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION],
      },
    },
    async (ctx) => {
      const organizationId = organizationIdOrActive(ctx.session, ctx.query.organizationId);
      await requireMember(ctx, organizationId);
      const where = [{ field: "organizationId", value: organizationId }];
      const [members, total] = await Promise.all([
        ctx.auth.db.findMany<Member>({
          model: "member",
          where,
          join: memberUserJoin,
          sortBy: { field: "createdAt", direction: "asc" },
          limit: ctx.query.limit ?? o.membershipLimit,
          offset: ctx.query.offset,
        }),
        ctx.auth.db.count({ model: "member", where }),
      ]);
      return { members: members.map(withPublicUser), total };
    },
  );
