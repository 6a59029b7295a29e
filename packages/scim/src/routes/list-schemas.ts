import { defineEndpoint } from "@gatehouse-auth/core";
import { schemaDefinitions } from "../discovery.js";
import { listResponse } from "../list-query.js";
import { answeringScimErrors, scimJson } from "../scim-response.js";
import { readScimRequest, SCIM_RATE_LIMIT } from "../scim-request.js";

/** GET /scim/v2/Schemas (RFC 7644 §4). */
export const listSchemas = defineEndpoint(
  { method: "GET", path: "/scim/v2/Schemas", rateLimit: SCIM_RATE_LIMIT, openapi: { summary: "SCIM: schemas" } },
  async (ctx) =>
    answeringScimErrors(async () => {
      const { base } = await readScimRequest(ctx);
      const schemas = schemaDefinitions(base);
      return scimJson(listResponse(schemas, schemas.length, 1));
    }),
);
