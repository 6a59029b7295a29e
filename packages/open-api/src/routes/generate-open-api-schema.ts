import type { AuthContext } from "@gatehouse-auth/core";
import { defineEndpoint } from "@gatehouse-auth/core";
import { z } from "zod";
import type { OpenAPIDocument } from "../open-api-types.js";

// The document's outline; operations and schemas are JSON Schema and OpenAPI objects, open by nature.
const openObject = z.record(z.string(), z.unknown());
const documentResponse = z.object({
  openapi: z.string().describe("3.1.0"),
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  servers: z.array(z.object({ url: z.string() })),
  tags: z.array(z.object({ name: z.string(), description: z.string().optional() })),
  paths: z.record(z.string(), z.record(z.string(), openObject)).describe("Path → method → operation"),
  components: z.object({
    schemas: z.record(z.string(), openObject),
    securitySchemes: z.record(
      z.string(),
      z.object({ type: z.string(), in: z.string(), name: z.string(), description: z.string().optional() }),
    ),
  }),
});

/** GET /open-api/generate-schema: the OpenAPI 3.1 document of every routed endpoint (SPEC.md §2). */
export const generateOpenAPISchema = (getDocument: (auth: AuthContext) => OpenAPIDocument) =>
  defineEndpoint(
    {
      method: "GET",
      path: "/open-api/generate-schema",
      openapi: {
        summary: "The OpenAPI schema of this API",
        description: "An OpenAPI 3.1 document generated from the endpoints of core and every installed plugin.",
        response: documentResponse,
      },
    },
    async (ctx) => getDocument(ctx.auth),
  );
