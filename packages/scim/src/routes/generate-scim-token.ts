import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import { requireTokenManager } from "../can-manage-tokens.js";
import { SCIM_ERRORS } from "../scim-errors.js";
import type { ResolvedScimOptions } from "../scim-options.js";
import { SCIM_MODELS, type ScimTokenRow } from "../scim-schema.js";
import { newScimToken } from "../scim-token.js";

const body = z.object({
  organizationId: z.string().min(1).max(64),
  /** The SSO connection the token provisions for: a label (the sso package is optional). */
  providerId: z.string().min(1).max(64).optional(),
});

/**
 * POST /scim/generate-token: a new SCIM token for the organization (and connection label), shown once;
 * any earlier token of the same organization and label stops working at once (rotation). Owner or
 * admin of the organization, or an app admin, with their own session: it mints a credential.
 */
export const generateScimToken = (o: ResolvedScimOptions) =>
  defineEndpoint(
    {
      method: "POST",
      path: "/scim/generate-token",
      body,
      session: "required",
      credentials: "own-session",
      openapi: {
        summary: "Create (or rotate) the organization's SCIM bearer token; the token is shown only here",
        errors: [SCIM_ERRORS.NOT_ORGANIZATION_ADMIN],
        response: z.object({
          scimToken: z.string(),
          id: z.string(),
          organizationId: z.string(),
          providerId: z.string().nullable(),
        }),
      },
    },
    async (ctx) => {
      const { organizationId } = ctx.body;
      const providerId = ctx.body.providerId ?? null;
      await requireTokenManager(ctx.auth.db, o, ctx.session.user, organizationId);
      const { token, tokenHash, start } = newScimToken();
      const row = await ctx.auth.db.transaction(async (tx) => {
        // Bounded: an organization holds one token per connection label.
        const previous = await tx.findMany<ScimTokenRow>({
          model: SCIM_MODELS.token,
          where: [{ field: "organizationId", value: organizationId }],
          limit: 1000,
        });
        const replaced = previous.filter((t) => t.providerId === providerId).map((t) => t.id);
        if (replaced.length > 0)
          await tx.deleteMany({ model: SCIM_MODELS.token, where: [{ field: "id", operator: "in", value: replaced }] });
        return tx.create<ScimTokenRow>({
          model: SCIM_MODELS.token,
          data: { organizationId, providerId, tokenHash, start, createdBy: ctx.session.user.id },
        });
      });
      return { scimToken: token, id: row.id, organizationId, providerId };
    },
  );
