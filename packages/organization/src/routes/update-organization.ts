import { AuthError, UniqueConstraintError, defineEndpoint, jsonObjectInput, stringInput } from "@gatehouse-auth/core";
import { z } from "zod";
import { organizationFields } from "../organization-schema.js";
import {
  findOrganization,
  organizationIdOrActive,
  requireMember,
  requireOrganization,
  requirePermission,
} from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";
import type { ResolvedOrganizationOptions } from "../organization-options.js";
import type { Organization } from "../organization-types.js";
import { organizationResponse } from "../organization-responses.js";

const body = z.object({
  data: z.object({
    name: stringInput(organizationFields.name).trim().min(1).optional(),
    slug: stringInput(organizationFields.slug).trim().min(1).optional(),
    logo: stringInput(organizationFields.logo).nullable().optional(),
    metadata: jsonObjectInput().nullable().optional(),
  }),
  organizationId: z.string().optional(),
});

/** POST /organization/update: needs `organization: update` (owner, admin). */
export const updateOrganization = (o: ResolvedOrganizationOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/organization/update",
      body,
      session: "required",
      openapi: {
        summary: "Update an organization",
        response: organizationResponse,
        errors: [
          ORGANIZATION_ERRORS.NO_ACTIVE_ORGANIZATION,
          ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND,
          ORGANIZATION_ERRORS.USER_NOT_MEMBER_OF_ORGANIZATION,
          ORGANIZATION_ERRORS.NOT_ALLOWED_TO_UPDATE_ORGANIZATION,
          ORGANIZATION_ERRORS.ORGANIZATION_SLUG_ALREADY_TAKEN,
        ],
      },
    },
    async (ctx) => {
      const organizationId = organizationIdOrActive(ctx.session, ctx.body.organizationId);
      const current = await requireOrganization(ctx.auth.db, organizationId);
      const member = await requireMember(ctx, organizationId);
      requirePermission(
        o,
        member,
        { organization: ["update"] },
        ORGANIZATION_ERRORS.NOT_ALLOWED_TO_UPDATE_ORGANIZATION,
      );
      const { slug } = ctx.body.data;
      if (slug !== undefined && slug !== current.slug && (await findOrganization(ctx.auth.db, { slug })))
        throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_SLUG_ALREADY_TAKEN);
      const update = Object.fromEntries(Object.entries(ctx.body.data).filter(([, v]) => v !== undefined));
      if (Object.keys(update).length === 0) return current;
      const updated = await ctx.auth.db
        .update<Organization>({ model: "organization", where: [{ field: "id", value: organizationId }], update })
        .catch((error: unknown) => {
          if (error instanceof UniqueConstraintError)
            throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_SLUG_ALREADY_TAKEN);
          throw error;
        });
      if (!updated) throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_NOT_FOUND);
      return updated;
    },
  );
