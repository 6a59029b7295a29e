import { defineEndpoint, hasPermission } from "@gatehouse-auth/core";
import { z } from "zod";
import { organizationIdOrActive, requireMember } from "../membership.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";

const body = z.object({
  organizationId: z.string().optional(),
  permissions: z.record(z.string(), z.array(z.string())),
});

/** POST /organization/has-permission: whether the caller's roles grant every listed action. */
export const hasOrganizationPermission = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/has-permission",
      body,
      session: "required",
      apiKeyPermission: { resource: "organization", action: "read" },
      openapi: {
        summary: "Whether the caller may perform actions in an organization",
        response: z.object({ success: z.boolean(), error: z.string().nullable() }),
        errors: [ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION, ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION],
      },
    },
    async (ctx) => {
      const member = await requireMember(ctx, organizationIdOrActive(ctx.session, ctx.body.organizationId));
      const result = hasPermission(o.roles, member.role, ctx.body.permissions);
      return result.success ? { success: true, error: null } : { success: false, error: result.error };
    },
  );
