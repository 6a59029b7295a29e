/** A JSON Schema (2020-12, the dialect OpenAPI 3.1 uses) as plain data. */
export type JsonSchema = Record<string, unknown>;

/** One query, path or header parameter (a header a plugin's hook reads). */
export interface ParameterObject {
  name: string;
  in: "query" | "path" | "header";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

/** One error (or other) example of a media type: shown beside the schema. */
export interface ExampleObject {
  summary?: string;
  value: unknown;
}

/** The body of a response in one content type. */
export interface MediaTypeObject {
  schema: JsonSchema;
  examples?: Record<string, ExampleObject>;
}

/** One response of an operation. */
export interface ResponseObject {
  description: string;
  headers?: Record<string, { description?: string; schema: JsonSchema }>;
  content?: Record<string, MediaTypeObject>;
}

/** One method of one path. */
export interface OperationObject {
  operationId: string;
  summary?: string;
  description?: string;
  tags: string[];
  parameters?: ParameterObject[];
  requestBody?: {
    required: boolean;
    /** JSON; also a form for endpoints that declare `acceptsForm` (the OAuth form_post callback). */
    content: {
      "application/json": { schema: JsonSchema };
      "application/x-www-form-urlencoded"?: { schema: JsonSchema };
    };
  };
  responses: Record<string, ResponseObject>;
  security?: Record<string, string[]>[];
  /** Which credential kinds reach the operation (core's `acceptedCredentialKinds`); only where a session is read. */
  "x-gatehouse-credentials"?: GatehouseCredentials;
}

/** The `x-gatehouse-credentials` extension: the kinds accepted, and the API key permission that opens it. */
export interface GatehouseCredentials {
  /** Kinds accepted as they are (`session`, `bearer`, `impersonation`, `server`…). */
  accepts: string[];
  /** Present when an API key (or OAuth token) reaches the operation only with this permission. */
  apiKeyPermission?: { resource: string; action: string };
}

/** A security scheme: a named cookie or header, or an HTTP `Authorization` scheme (bearer). */
export type SecurityScheme =
  | { type: "apiKey"; in: "cookie" | "header"; name: string; description?: string }
  | { type: "http"; scheme: "bearer"; description?: string };

/** The OpenAPI 3.1 document `GET /open-api/generate-schema` returns. */
export interface OpenAPIDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description?: string };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, SecurityScheme>;
  };
}
