import { SCIM_ERRORS, ScimError } from "./scim-errors.js";

/** A JSON object from a SCIM body (never an array or null). */
export type JsonObject = Record<string, unknown>;

/** Longest string attribute we store (every dialect's indexed string column holds it). */
export const MAX_STRING = 255;

/** `value` as a JSON object, else 400 invalidSyntax. */
export function asObject(value: unknown, what: string): JsonObject {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ScimError(SCIM_ERRORS.INVALID_SYNTAX, "invalidSyntax", `${what} must be a JSON object`);
  return value as JsonObject;
}

/** The attribute `name` of `obj`, its name matched case-insensitively (RFC 7643 §2.1). */
export function attr(obj: JsonObject, name: string): unknown {
  if (Object.hasOwn(obj, name)) return obj[name];
  const lower = name.toLowerCase();
  for (const key of Object.keys(obj)) if (key.toLowerCase() === lower) return obj[key];
  return undefined;
}

/** An optional string attribute: null when absent, null or empty; 400 invalidValue when not a short string. */
export function optionalString(value: unknown, name: string): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string" || value.length > MAX_STRING)
    throw new ScimError(
      SCIM_ERRORS.INVALID_VALUE,
      "invalidValue",
      `${name} must be a string of at most ${MAX_STRING} characters`,
    );
  return value;
}

/**
 * A boolean attribute. Microsoft Entra sends `active` as the strings "True"/"False", so those are read
 * too, in any letter case; anything else is 400 invalidValue.
 */
export function readBoolean(value: unknown, name: string): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    const lower = value.toLowerCase();
    if (lower === "true") return true;
    if (lower === "false") return false;
  }
  throw new ScimError(SCIM_ERRORS.INVALID_VALUE, "invalidValue", `${name} must be true or false`);
}
