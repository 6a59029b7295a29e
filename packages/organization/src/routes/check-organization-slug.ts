import { AuthError, defineEndpoint, statusResponse, stringInput } from "@gatehouse-auth/core";
import { z } from "zod";
import { organizationFields } from "../organization-schema.js";
import { findOrganization } from "../membership.js";
import { ORGANIZATION_ERRORS } from "../organization-errors.js";

/** POST /organization/check-slug: `{status: true}` when free, ORGANIZATION_SLUG_ALREADY_TAKEN when not. */
export const checkOrganizationSlug = defineEndpoint(
  {
    method: "POST",
    path: "/organization/check-slug",
    // Trimmed as create does, so the answer is about the slug create would store.
    body: z.object({ slug: stringInput(organizationFields.slug).trim().min(1) }),
    session: "required",
    openapi: {
      summary: "Whether an organization slug is free",
      response: statusResponse,
      errors: [ORGANIZATION_ERRORS.ORGANIZATION_SLUG_ALREADY_TAKEN],
    },
  },
  async (ctx) => {
    if (await findOrganization(ctx.auth.db, { slug: ctx.body.slug }))
      throw new AuthError(ORGANIZATION_ERRORS.ORGANIZATION_SLUG_ALREADY_TAKEN);
    return { status: true };
  },
);
