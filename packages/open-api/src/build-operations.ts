import type { AuthContext, Endpoint, HttpMethod, ResponseKind } from "@gatehouse-auth/core";
import { methodsOf } from "@gatehouse-auth/core";
import { errorResponses } from "./error-responses.js";
import type { HookDocumentation } from "./hook-documentation.js";
import { componentName } from "./model-schemas.js";
import type { JsonSchema, OperationObject, ParameterObject, ResponseObject } from "./open-api-types.js";
import { documentedSession, operationCredentials, operationSecurity } from "./operation-security.js";
import type { SecurityPlan } from "./operation-security.js";
import { zodToJsonSchema } from "./zod-to-json-schema.js";

/**
 * The 200 body of an endpoint that declares no `openapi.response` yet: any JSON (some answer arrays,
 * so even "an object" would be a guess). The open-api tests flag every operation still using it.
 */
export const GENERIC_RESPONSE: JsonSchema = { description: "Not documented yet: any JSON value" };

/** What one endpoint needs from the rest of the document. */
export interface OperationInput {
  /** The `auth.api` name; becomes the operationId. */
  name: string;
  endpoint: Endpoint;
  tag: string;
  security: SecurityPlan;
  auth: Pick<AuthContext, "options" | "rateLimiter">;
  /** Where shared sub-schemas zod produced are collected (`components.schemas`). */
  components: Record<string, JsonSchema>;
  /** What the plugins' hooks that run around this endpoint add: their errors and the headers they read. */
  hooks?: HookDocumentation;
}

/** `/callback/:id` → `/callback/{id}`, the OpenAPI path template. */
export function toOpenAPIPath(path: string): string {
  return path.replace(/\/:([^/]+)/g, "/{$1}");
}

function pathParameters(path: string): ParameterObject[] {
  return [...path.matchAll(/\/:([^/]+)/g)].map((m) => ({
    name: m[1]!,
    in: "path" as const,
    required: true,
    schema: { type: "string" },
  }));
}

function queryParameters(schema: JsonSchema): ParameterObject[] {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => {
    const parameter: ParameterObject = { name, in: "query", required: required.has(name), schema: property };
    if (typeof property.description === "string") parameter.description = property.description;
    return parameter;
  });
}

/**
 * The success responses by kind: JSON 200 (its declared schema), HTML 200, and/or a redirect with
 * Location (302 unless `openapi.redirectStatus` says otherwise).
 */
function successResponses(input: OperationInput, prefix: string): Record<string, ResponseObject> {
  const { openapi } = input.endpoint.config;
  const kind = openapi?.kind ?? "json";
  const kinds: readonly ResponseKind[] = typeof kind === "string" ? [kind] : kind;
  const out: Record<string, ResponseObject> = {};
  if (kinds.includes("json")) {
    const schema = openapi?.response
      ? zodToJsonSchema(openapi.response, input.components, `${prefix}Response`, "output")
      : GENERIC_RESPONSE;
    out[200] = { description: "Success", content: { "application/json": { schema } } };
  }
  if (kinds.includes("html")) {
    const page = { schema: { type: "string", description: "An HTML document" } };
    out[200] = { description: "An HTML page", content: { ...out[200]?.content, "text/html": page } };
  }
  if (kinds.includes("redirect")) {
    out[openapi?.redirectStatus ?? 302] = {
      description: "A redirect; the browser follows Location",
      headers: { Location: { description: "Where the browser goes next", schema: { type: "string" } } },
    };
  }
  return out;
}

/** The operations (one per method) an endpoint contributes to its path, all derived from its config. */
export function buildOperations(input: OperationInput): [method: Lowercase<HttpMethod>, OperationObject][] {
  const { config } = input.endpoint;
  const prefix = componentName(input.name);
  const query = config.query ? zodToJsonSchema(config.query, input.components, `${prefix}Query`) : null;
  const body = config.body ? zodToJsonSchema(config.body, input.components, `${prefix}Body`) : null;
  const parameters = [
    ...pathParameters(config.path),
    ...(query ? queryParameters(query) : []),
    ...(input.hooks?.headers ?? []),
  ];
  const success = successResponses(input, prefix);
  const session = documentedSession(input.endpoint);
  const { security, authenticators } = operationSecurity(input.endpoint, session, input.security);
  const credentials = operationCredentials(input.endpoint, session);

  let description = config.openapi?.description;
  if (session === "fresh") {
    description = [description, "Needs a fresh session (signed in recently), else 403."].filter(Boolean).join("\n\n");
  }

  const methods = methodsOf(config);
  // operationIds must be unique: a second method of the same endpoint gets the method appended.
  return methods.map((method, i) => {
    const errors = errorResponses({
      config,
      method,
      session,
      authenticators,
      body,
      query,
      auth: input.auth,
      hookErrors: input.hooks?.errors ?? [],
    });
    // Keys in reading order (summary first, responses last), optional ones only when present.
    const operation: OperationObject = {
      operationId: i === 0 ? input.name : `${input.name}${method.charAt(0)}${method.slice(1).toLowerCase()}`,
      ...(config.openapi?.summary ? { summary: config.openapi.summary } : {}),
      ...(description ? { description } : {}),
      tags: [input.tag],
      ...(security ? { security } : {}),
      ...(credentials ? { "x-gatehouse-credentials": credentials } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(body && method !== "GET"
        ? {
            requestBody: {
              required: Array.isArray(body.required) && body.required.length > 0,
              // JSON only, except endpoints that declare forms (the OAuth form_post callback).
              content: config.acceptsForm
                ? { "application/json": { schema: body }, "application/x-www-form-urlencoded": { schema: body } }
                : { "application/json": { schema: body } },
            },
          }
        : {}),
      responses: { ...success, ...errors },
    };
    return [method.toLowerCase() as Lowercase<HttpMethod>, operation];
  });
}
