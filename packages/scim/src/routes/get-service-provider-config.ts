import { defineEndpoint } from "@gatehouse-auth/core";
import { serviceProviderConfig } from "../discovery.js";
import { answeringScimErrors, scimJson } from "../scim-response.js";
import { bulkLimits } from "../bulk-request.js";
import type { ResolvedScimOptions } from "../scim-options.js";
import { readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";

/** GET /scim/v2/ServiceProviderConfig (RFC 7644 §4), to a token holder. */
export const getServiceProviderConfig = (o: ResolvedScimOptions) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/scim/v2/ServiceProviderConfig",
      rateLimit: SCIM_RATE_LIMIT,
      openapi: { summary: "SCIM: service provider configuration" },
    },
    async (ctx) =>
      answeringScimErrors(async () => {
        const { base } = await readScimRequest(ctx);
        return scimJson(serviceProviderConfig(base, o.maxResults, bulkLimits(ctx.auth, o)));
      }),
  );
