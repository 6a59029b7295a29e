import type { AuthContext, Endpoint } from "@gatehouse-auth/core";
import { buildOperations, toOpenAPIPath } from "./build-operations.js";
import { documentHooks } from "./hook-documentation.js";
import { modelSchemas } from "./model-schemas.js";
import type { ResolvedOpenAPIOptions } from "./open-api-options.js";
import type { JsonSchema, OpenAPIDocument } from "./open-api-types.js";
import { securityPlan } from "./operation-security.js";

/** Core's endpoints share one tag; a plugin's are tagged by their namespace. */
export const CORE_TAG = "default";

/** `/organization/create` → `organization`; a one-segment plugin path falls back to the plugin id. */
function tagOf(path: string, pluginId: string | undefined): string {
  if (pluginId === undefined) return CORE_TAG;
  const segments = path.split("/").filter(Boolean);
  return segments.length > 1 ? segments[0]! : pluginId;
}

/**
 * Builds the OpenAPI 3.1 document from what `createAuth` composed: every routed endpoint of core and
 * of each installed plugin (their zod schemas and `openapi` metadata), what the plugins' hooks add to
 * them (errors, headers), the data models, the cookie names and the base URL. Nothing here lists an endpoint by hand, so a new plugin documents itself.
 */
export function generateDocument(auth: AuthContext, options: ResolvedOpenAPIOptions): OpenAPIDocument {
  const pluginOf = new Map<Endpoint, string>();
  for (const plugin of auth.plugins) {
    for (const endpoint of Object.values(plugin.endpoints ?? {})) pluginOf.set(endpoint, plugin.id);
  }
  const routed = Object.entries(auth.endpoints).filter(([, endpoint]) => !endpoint.config.serverOnly);
  const security = securityPlan(auth.cookies.sessionToken, auth.plugins);
  const hooksOf = documentHooks(auth.plugins);
  const models = modelSchemas(auth.schema);
  // What an authenticator's synthetic session adds (api-key's `apiKeyId`) is in no table, so it is
  // listed as optional; a real session field of the same name keeps its own schema.
  const sessionFields = (models.Session?.properties ?? {}) as Record<string, JsonSchema>;
  for (const [field, schema] of Object.entries(security.sessionFields)) sessionFields[field] ??= schema;
  const schemas: Record<string, JsonSchema> = {
    ...models,
    // Some refusals add details of their own (DESIGN.md "Errors"), so the object stays open.
    Error: {
      type: "object",
      description: "Every error answer: a catalogue code, its message, and any details of the refusal",
      properties: {
        code: { type: "string" },
        message: { type: "string" },
        issues: {
          type: "array",
          description: "VALIDATION_ERROR only: what is wrong with which field",
          items: {
            type: "object",
            properties: { path: { type: "string" }, message: { type: "string" }, code: { type: "string" } },
            required: ["path", "message", "code"],
          },
        },
      },
      required: ["code", "message"],
      additionalProperties: true,
    },
  };

  const paths: OpenAPIDocument["paths"] = {};
  const tags = new Map<string, string>();
  for (const [name, endpoint] of routed) {
    const pluginId = pluginOf.get(endpoint);
    const tag = tagOf(endpoint.config.path, pluginId);
    if (!tags.has(tag)) tags.set(tag, pluginId ? `The ${pluginId} plugin` : "Core authentication");
    const path = toOpenAPIPath(endpoint.config.path);
    // Two endpoints may share a path with different methods (GET and POST /callback/:id).
    const item = paths[path] ?? {};
    paths[path] = item;
    const input = { name, endpoint, tag, security, auth, components: schemas, hooks: hooksOf(endpoint) };
    for (const [method, operation] of buildOperations(input)) {
      item[method] = operation;
    }
  }

  const { baseURL, basePath } = auth.options;
  const plugins = auth.plugins.map((p) => p.id);
  return {
    openapi: "3.1.0",
    info: {
      title: options.title,
      version: options.version,
      description: `Generated from the endpoints of Gatehouse core${plugins.length ? ` and the plugins ${plugins.join(", ")}` : ""}.`,
    },
    servers: [{ url: `${baseURL}${basePath}` || "/" }],
    // Core first, then plugins in installation order: the order readers meet them in the reference.
    tags: [...tags].map(([name, description]) => ({ name, description })),
    paths,
    components: { schemas, securitySchemes: security.securitySchemes },
  };
}
