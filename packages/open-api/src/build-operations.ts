import type { Endpoint, HttpMethod } from "@gatehouse/core";
import { methodsOf } from "@gatehouse/core";
import { componentName } from "./model-schemas.js";
import type { JsonSchema, OperationObject, ParameterObject, ResponseObject } from "./open-api-types.js";
import { zodToJsonSchema } from "./zod-to-json-schema.js";

/** The error statuses every operation documents, each a shared `{code, message}` response. */
export const ERROR_RESPONSES = {
  400: "BadRequest",
  401: "Unauthorized",
  403: "Forbidden",
  404: "NotFound",
  429: "TooManyRequests",
} as const;

/** What one endpoint needs from the rest of the document. */
export interface OperationInput {
  /** The `auth.api` name; becomes the operationId. */
  name: string;
  endpoint: Endpoint;
  tag: string;
  /** Security requirement alternatives for a session-protected endpoint. */
  sessionSecurity: Record<string, string[]>[];
  /** Where shared sub-schemas zod produced are collected (`components.schemas`). */
  components: Record<string, JsonSchema>;
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

function successResponse(endpoint: Endpoint): ResponseObject {
  const schema = endpoint.config.openapi?.response ?? { type: "object" };
  return { description: "Success", content: { "application/json": { schema } } };
}

/** The operations (one per method) an endpoint contributes to its path, all derived from its config. */
export function buildOperations(input: OperationInput): [method: Lowercase<HttpMethod>, OperationObject][] {
  const { config } = input.endpoint;
  const prefix = componentName(input.name);
  const query = config.query ? zodToJsonSchema(config.query, input.components, `${prefix}Query`) : null;
  const body = config.body ? zodToJsonSchema(config.body, input.components, `${prefix}Body`) : null;
  const parameters = [...pathParameters(config.path), ...(query ? queryParameters(query) : [])];

  const responses: Record<string, ResponseObject> = { 200: successResponse(input.endpoint) };
  for (const [status, component] of Object.entries(ERROR_RESPONSES)) {
    responses[status] = { $ref: `#/components/responses/${component}` };
  }

  let description = config.openapi?.description;
  if (config.session === "fresh") {
    description = [description, "Needs a fresh session (signed in recently), else 403."].filter(Boolean).join("\n\n");
  }
  // An empty requirement `{}` is OpenAPI's way of saying "or no credentials at all".
  let security: Record<string, string[]>[] | undefined;
  if (config.session === "optional") security = [...input.sessionSecurity, {}];
  else if (config.session) security = input.sessionSecurity;

  const methods = methodsOf(config);
  // operationIds must be unique: a second method of the same endpoint gets the method appended.
  return methods.map((method, i) => {
    // Keys in reading order (summary first, responses last), optional ones only when present.
    const operation: OperationObject = {
      operationId: i === 0 ? input.name : `${input.name}${method.charAt(0)}${method.slice(1).toLowerCase()}`,
      ...(config.openapi?.summary ? { summary: config.openapi.summary } : {}),
      ...(description ? { description } : {}),
      tags: [input.tag],
      ...(security ? { security } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(body && method !== "GET"
        ? {
            requestBody: {
              required: Array.isArray(body.required) && body.required.length > 0,
              content: { "application/json": { schema: body } },
            },
          }
        : {}),
      responses,
    };
    return [method.toLowerCase() as Lowercase<HttpMethod>, operation];
  });
}
