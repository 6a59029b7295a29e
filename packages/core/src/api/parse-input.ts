import type { z } from "zod";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";

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

/** Decodes a request body by content type: JSON, or form data (OAuth form_post callbacks). */
export function decodeBody(text: string, contentType: string | null): unknown {
  if (text.trim() === "") return undefined;
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return Object.fromEntries(new URLSearchParams(text));
  if (type === "" || type === "application/json" || type.endsWith("+json") || type === "text/plain") {
    try {
      return JSON.parse(text);
    } catch {
      throw new AuthError(CORE_ERRORS.INVALID_JSON);
    }
  }
  throw new AuthError(CORE_ERRORS.UNSUPPORTED_MEDIA_TYPE);
}

/** Query parameters as a plain object (last value wins, as URLSearchParams.get would not). */
export function queryToObject(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of query) out[k] = v;
  return out;
}
