import { CORE_ERRORS, REDIRECT_URL_FIELDS } from "@gatehouse-auth/core";
import type { AuthContext, CatalogueError, EndpointConfig, HttpMethod, SessionRequirement } from "@gatehouse-auth/core";
import type { z } from "zod";
import type { DocumentedAuthenticator } from "./operation-security.js";
import type { ExampleObject, JsonSchema, ResponseObject } from "./open-api-types.js";

/** The component every error response points at: `{ code, message }` (DESIGN.md "Errors"). */
export const ERROR_SCHEMA_REF = "#/components/schemas/Error";

const STATUS_TEXT: Record<number, string> = {
  400: "Bad request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  422: "Unprocessable content",
  429: "Too many requests",
  500: "Internal server error",
  502: "Bad gateway",
  503: "Service unavailable",
};

/** What decides an operation's error statuses: its config and what the rest of the document knows. */
export interface ErrorResponsesInput {
  config: EndpointConfig;
  method: HttpMethod;
  /** The session requirement HTTP callers meet (see `documentedSession`). */
  session: SessionRequirement;
  authenticators: readonly DocumentedAuthenticator[];
  body: JsonSchema | null;
  query: JsonSchema | null;
  auth: Pick<AuthContext, "options" | "rateLimiter">;
  /** What the plugins' hooks around this endpoint answer (`HookRule.openapi.errors`). */
  hookErrors?: readonly CatalogueError[];
}

const propertyNames = (schema: JsonSchema | null) =>
  Object.keys((schema?.properties as Record<string, unknown> | undefined) ?? {});

// A schema that catches its own failures (`.catch`, the OAuth callback's lenient parameters) hands
// bad input to the endpoint instead of refusing it, so it never answers VALIDATION_ERROR.
const canRefuse = (schema: z.ZodType | undefined) => schema !== undefined && schema._zod.def.type !== "catch";

/**
 * The error responses one operation can answer, each status with its catalogue codes as examples.
 * Derived from the config, in the order the request pipeline refuses (handle-request.ts,
 * run-endpoint.ts): rate limit, origin, redirect targets, session, validation, the plugins' hooks;
 * then the endpoint's own declared `openapi.errors`. Nothing is listed that the pipeline cannot answer for this endpoint.
 */
export function errorResponses(input: ErrorResponsesInput): Record<string, ResponseObject> {
  const { config, method, session, auth } = input;
  const byStatus = new Map<number, Record<string, ExampleObject>>();
  const add = (error: CatalogueError, message = error.message) => {
    const examples = byStatus.get(error.status) ?? {};
    byStatus.set(error.status, examples);
    const known = Object.values(examples).map((e) => e.value as { code: string; message: string });
    if (known.some((v) => v.code === error.code && v.message === message)) return;
    let name = error.code;
    for (let n = 2; name in examples; n++) name = `${error.code}_${n}`;
    examples[name] = { summary: message, value: { code: error.code, message } };
  };

  if (auth.options.rateLimit.enabled && auth.rateLimiter.ruleFor(config.path)) add(CORE_ERRORS.TOO_MANY_REQUESTS);
  // A write from an untrusted origin, cookies or not (DESIGN.md "Security defaults"); GET is never checked.
  if (method !== "GET" && !config.skipOriginCheck && !auth.options.advanced.disableOriginCheck) {
    add(CORE_ERRORS.INVALID_ORIGIN);
    add(CORE_ERRORS.MISSING_ORIGIN);
  }
  const fields = new Set([...propertyNames(input.body), ...propertyNames(input.query)]);
  for (const [field, error] of Object.entries(REDIRECT_URL_FIELDS)) if (fields.has(field)) add(error);
  if (session === "required" || session === "fresh") add(CORE_ERRORS.UNAUTHORIZED);
  if (session === "fresh") add(CORE_ERRORS.SESSION_NOT_FRESH);
  // Wherever a session is read, a credential of a kind the endpoint does not take is refused (403).
  if (session) add(CORE_ERRORS.CREDENTIAL_NOT_ALLOWED);
  // A presented credential the authenticator refuses fails the request even where a session is optional.
  for (const authenticator of input.authenticators) for (const error of authenticator.errors) add(error);
  if (method !== "GET") {
    add(CORE_ERRORS.INVALID_JSON);
    add(CORE_ERRORS.JSON_TOO_DEEP);
  }
  if (input.body && canRefuse(config.body)) add(CORE_ERRORS.VALIDATION_ERROR, "Invalid body parameters");
  if (input.query && canRefuse(config.query)) add(CORE_ERRORS.VALIDATION_ERROR, "Invalid query parameters");
  // Before hooks run after validation and before the endpoint (run-endpoint.ts).
  for (const error of input.hookErrors ?? []) add(error);
  for (const error of config.openapi?.errors ?? []) add(error);

  const out: Record<string, ResponseObject> = {};
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const examples = byStatus.get(status)!;
    const codes = [...new Set(Object.values(examples).map((e) => (e.value as { code: string }).code))];
    out[status] = {
      description: `${STATUS_TEXT[status] ?? "Error"}: ${codes.join(", ")}`,
      // The shared shape, narrowed to the codes this status can carry here: a client can switch on them.
      content: {
        "application/json": {
          schema: {
            allOf: [{ $ref: ERROR_SCHEMA_REF }],
            properties: { code: { type: "string", enum: codes } },
            additionalProperties: true,
          },
          examples,
        },
      },
    };
  }
  return out;
}
