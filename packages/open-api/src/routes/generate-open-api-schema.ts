import type { AuthContext } from "@gatehouse/core";
import { defineEndpoint } from "@gatehouse/core";
import type { OpenAPIDocument } from "../open-api-types.js";

/** GET /open-api/generate-schema: the OpenAPI 3.1 document of every routed endpoint (SPEC.md §2). */
export const generateOpenAPISchema = (getDocument: (auth: AuthContext) => OpenAPIDocument) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/open-api/generate-schema",
      openapi: {
        summary: "The OpenAPI schema of this API",
        description: "An OpenAPI 3.1 document generated from the endpoints of core and every installed plugin.",
        response: {
          type: "object",
          properties: { openapi: { type: "string" }, info: { type: "object" }, paths: { type: "object" } },
          required: ["openapi", "info", "paths"],
        },
      },
    },
    async (ctx) => getDocument(ctx.auth),
  );
