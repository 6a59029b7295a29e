import { defineEndpoint } from "@gatehouse-auth/core";
import { resourceTypes } from "../discovery.js";
import { SCIM_ERRORS, ScimError } from "../scim-errors.js";
import { answeringScimErrors, scimJson } from "../scim-response.js";
import { idParam, readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";
import { hasTeams } from "../user-store.js";

/** GET /scim/v2/ResourceTypes/:id (RFC 7644 §4). */
export const getResourceType = defineEndpoint(
  {
    method: "GET",
    path: "/scim/v2/ResourceTypes/:id",
    rateLimit: SCIM_RATE_LIMIT,
    openapi: { summary: "SCIM: one resource type" },
  },
  async (ctx) =>
    answeringScimErrors(async () => {
      const { base } = await readScimRequest(ctx);
      const id = idParam(ctx);
      const found = resourceTypes(base, hasTeams(ctx.auth)).find((t) => t.id === id);
      if (!found) throw new ScimError(SCIM_ERRORS.RESOURCE_NOT_FOUND);
      return scimJson(found);
    }),
);
