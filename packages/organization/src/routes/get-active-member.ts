import { AuthError, defineEndpoint } from "@gatehouse-auth/core";
import { memberUserJoin, organizationIdOrActive, withPublicUser } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { Member } from "../organization-types.js";
import { memberWithUserResponse } from "../organization-responses.js";

/** GET /organization/get-active-member: the caller's membership in the active organization, with the user. */
export const getActiveMember = defineEndpoint(
  {
    method: "GET",
    path: "/organization/get-active-member",
    session: "required",
    apiKeyPermission: { resource: "organization", action: "read" },
    openapi: {
      summary: "The caller's membership in the active organization",
      response: memberWithUserResponse,
      errors: [ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION, ORGANIZATION_ERRORS.MEMBER_NOT_FOUND],
    },
  },
  async (ctx) => {
    const organizationId = organizationIdOrActive(ctx.session, null);
    const row = await ctx.auth.db.findOne<Member>({
      model: "member",
      where: [
        { field: "organizationId", value: organizationId },
        { field: "userId", value: ctx.session.user.id },
      ],
      join: memberUserJoin,
    });
    if (!row) throw new AuthError(ORGANIZATION_ERRORS.MEMBER_NOT_FOUND);
    return withPublicUser(row);
  },
);
