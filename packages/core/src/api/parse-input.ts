import type { z } from "zod";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { parseJsonBody } from "./parse-json-body.js";

/** Validates `value` against an endpoint's zod schema; failures are 400 VALIDATION_ERROR with the issues. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown, where: "body" | "query"): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new AuthError(CORE_ERRORS.VALIDATION_ERROR, {
    message: where === "body" ? "Invalid body parameters" : "Invalid query parameters",
    details: {
      issues: result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message, code: i.code })),
    },
  });
}

/**
 * Decodes a request body. JSON only (`application/json`, `application/*+json`): a cross-site HTML form
 * can send neither, so no route is reachable by one. `application/x-www-form-urlencoded` is read only
 * where the endpoint declares `acceptsForm` (the OAuth form_post callback). Anything else, a missing
 * type included, is 415.
 */
export function decodeBody(text: string, contentType: string | null, acceptsForm = false): unknown {
  if (text.trim() === "") return undefined;
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"))) {
    return parseJsonBody(text);
  }
  if (acceptsForm && type === "application/x-www-form-urlencoded") {
    const form: Record<string, string> = {};
    // Same rule as JSON bodies: prototype keys are never data.
    for (const [k, v] of new URLSearchParams(text)) if (k !== "__proto__" && k !== "constructor") form[k] = v;
    return form;
  }
  throw new AuthError(CORE_ERRORS.UNSUPPORTED_MEDIA_TYPE);
}

/** Query parameters as a plain object (last value wins, as URLSearchParams.get would not). */
export function queryToObject(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of query) out[k] = v;
  return out;
}
