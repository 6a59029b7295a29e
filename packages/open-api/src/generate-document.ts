import type { AuthContext, Endpoint } from "@gatehouse/core";
import { ERROR_RESPONSES, buildOperations, toOpenAPIPath } from "./build-operations.js";
import { modelSchemas } from "./model-schemas.js";
import type { ResolvedOpenAPIOptions } from "./open-api-options.js";
import type { JsonSchema, OpenAPIDocument, ResponseObject } from "./open-api-types.js";

/** Core's endpoints share one tag; a plugin's are tagged by their namespace. */
export const CORE_TAG = "default";

const ERROR_DESCRIPTIONS: Record<keyof typeof ERROR_RESPONSES, string> = {
  400: "Invalid input (VALIDATION_ERROR) or a refused request",
  401: "No session, or the session is not valid",
  403: "Not allowed: a missing permission, an untrusted origin, or a session that is not fresh",
  404: "The resource (or the route) does not exist",
  429: "Rate limit exceeded",
};

// The API key plugin is detected by its routes, so this package needs no dependency on it.
const API_KEY_PREFIX = "/api-key/";
const API_KEY_HEADER = "x-api-key";

/** `/organization/create` → `organization`; a one-segment plugin path falls back to the plugin id. */
function tagOf(path: string, pluginId: string | undefined): string {
  if (pluginId === undefined) return CORE_TAG;
  const segments = path.split("/").filter(Boolean);
  return segments.length > 1 ? segments[0]! : pluginId;
}

/**
 * Builds the OpenAPI 3.1 document from what `createAuth` composed: every routed endpoint of core and
 * of each installed plugin (their zod schemas and `openapi` metadata), the data models, the cookie
 * names and the base URL. Nothing here lists an endpoint by hand, so a new plugin documents itself.
 */
export function generateDocument(auth: AuthContext, options: ResolvedOpenAPIOptions): OpenAPIDocument {
  const pluginOf = new Map<Endpoint, string>();
  for (const plugin of auth.plugins) {
    for (const endpoint of Object.values(plugin.endpoints ?? {})) pluginOf.set(endpoint, plugin.id);
  }
  const routed = Object.entries(auth.endpoints).filter(([, endpoint]) => !endpoint.config.serverOnly);
  const hasApiKeys = routed.some(([, endpoint]) => endpoint.config.path.startsWith(API_KEY_PREFIX));

  const securitySchemes: OpenAPIDocument["components"]["securitySchemes"] = {
    sessionCookie: {
      type: "apiKey",
      in: "cookie",
      name: auth.cookies.sessionToken,
      description: "The signed session cookie set by sign-in and sign-up",
    },
  };
  const sessionSecurity: Record<string, string[]>[] = [{ sessionCookie: [] }];
  if (hasApiKeys) {
    securitySchemes.apiKey = { type: "apiKey", in: "header", name: API_KEY_HEADER, description: "An API key" };
    sessionSecurity.push({ apiKey: [] });
  }

  const schemas: Record<string, JsonSchema> = {
    ...modelSchemas(auth.schema),
    Error: {
      type: "object",
      properties: { code: { type: "string" }, message: { type: "string" } },
      required: ["code", "message"],
    },
  };
  const responses: Record<string, ResponseObject> = {};
  for (const [status, name] of Object.entries(ERROR_RESPONSES)) {
    responses[name] = {
      description: ERROR_DESCRIPTIONS[Number(status) as keyof typeof ERROR_RESPONSES],
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }

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
    for (const [method, operation] of buildOperations({ name, endpoint, tag, sessionSecurity, components: schemas })) {
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
    components: { schemas, responses, securitySchemes },
  };
}
