import { defineEndpoint } from "@gatehouse-auth/core";
import { schemaDefinitions } from "../discovery.js";
import { SCIM_ERRORS, ScimError } from "../scim-errors.js";
import { answeringScimErrors, scimJson } from "../scim-response.js";
import { readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";

/** GET /scim/v2/Schemas/:id (RFC 7644 §4): by URN. */
export const getSchema = defineEndpoint(
  { method: "GET", path: "/scim/v2/Schemas/:id", rateLimit: SCIM_RATE_LIMIT, openapi: { summary: "SCIM: one schema" } },
  async (ctx) =>
    answeringScimErrors(async () => {
      const { base } = await readScimRequest(ctx);
      const found = schemaDefinitions(base).find((s) => s.id === ctx.params.id);
      if (!found) throw new ScimError(SCIM_ERRORS.RESOURCE_NOT_FOUND);
      return scimJson(found);
    }),
);
