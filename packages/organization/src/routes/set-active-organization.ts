import { AuthError, defineEndpoint, updateCurrentSession } from "@gatehouse-auth/core";
import { z } from "zod";
import { findMember, findOrganization } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import { organizationResponse } from "../organization-responses.js";

const body = z.object({
  organizationId: z.string().nullable().optional(),
  organizationSlug: z.string().optional(),
});

/** POST /organization/set-active: by id or slug; `organizationId: null` clears it. Returns the organization. */
export const setActiveOrganization = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/set-active",
      body,
      session: "required",
      openapi: {
        summary: "Set the session's active organization",
        response: organizationResponse.nullable(),
        errors: [ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND, ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION],
      },
    },
    async (ctx) => {
      const { organizationId, organizationSlug } = ctx.body;
      const clearTeam = o.teams.enabled ? { activeTeamId: null } : {};
      if (!organizationId && !organizationSlug) {
        await updateCurrentSession(ctx, { activeOrganizationId: null, ...clearTeam });
        return null;
      }
      const organization = await findOrganization(
        ctx.auth.db,
        organizationId ? { id: organizationId } : { slug: organizationSlug },
      );
      if (!organization) throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
      if (!(await findMember(ctx.auth.db, organization.id, ctx.session.user.id)))
        throw new AuthError(ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION);
      const changed = ctx.session.session.activeOrganizationId !== organization.id;
      await updateCurrentSession(ctx, { activeOrganizationId: organization.id, ...(changed ? clearTeam : {}) });
      return organization;
    },
  );
