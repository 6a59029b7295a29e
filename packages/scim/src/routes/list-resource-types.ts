import { defineEndpoint } from "@gatehouse-auth/core";
import { resourceTypes } from "../discovery.js";
import { listResponse } from "../list-query.js";
import { answeringScimErrors, scimJson } from "../scim-response.js";
import { readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";
import { hasTeams } from "../user-store.js";

/** GET /scim/v2/ResourceTypes (RFC 7644 §4). */
export const listResourceTypes = defineEndpoint(
  {
    method: "GET",
    path: "/scim/v2/ResourceTypes",
    rateLimit: SCIM_RATE_LIMIT,
    openapi: { summary: "SCIM: resource types" },
  },
  async (ctx) =>
    answeringScimErrors(async () => {
      const { base } = await readScimRequest(ctx);
      const types = resourceTypes(base, hasTeams(ctx.auth));
      return scimJson(listResponse(types, types.length, 1));
    }),
);
