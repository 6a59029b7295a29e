import { AuthError, CORE_ERRORS, clampPageLimit, defineEndpoint, findPage, pageQuery } from "@gatehouse-auth/core";
import { z } from "zod";
import { requireManager } from "../manage-access.js";
import { providerResponse, toProviderResponse } from "../provider-response.js";
import { SSO_ERRORS } from "../sso-errors.js";
import type { ResolvedSsoOptions } from "../sso-options.js";
import type { SsoProviderRow } from "../sso-types.js";

const query = z.object({ organizationId: z.string().max(255), ...pageQuery });

/** GET /sso/providers: a page of an organization's connections (oldest first, at most 100), for its managers. */
export const listProviders = (o: ResolvedSsoOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/sso/providers",
      query,
      session: "required",
      openapi: {
        summary: "List an organization's SSO connections",
        response: z.object({ providers: z.array(providerResponse), nextCursor: z.string().nullable() }),
        errors: [SSO_ERRORS.NOT_ALLOWED_TO_MANAGE_PROVIDERS, CORE_ERRORS.INVALID_CURSOR],
      },
    },
    async (ctx) => {
      const { organizationId } = ctx.query;
      if (!organizationId) throw new AuthError(SSO_ERRORS.SSO_ORGANIZATION_NOT_FOUND);
      await requireManager(ctx, o, organizationId);
      const page = await findPage<SsoProviderRow>(ctx.auth, {
        listing: `sso-providers:${organizationId}`,
        model: "ssoProvider",
        where: [{ field: "organizationId", value: organizationId }],
        sortBy: { field: "createdAt", direction: "asc" },
        limit: clampPageLimit(ctx.query.limit, { default: 100, max: 100 }),
        cursor: ctx.query.cursor,
      });
      return { providers: page.rows.map((row) => toProviderResponse(ctx.auth, row)), nextCursor: page.nextCursor };
    },
  );
