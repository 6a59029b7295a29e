import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import type { AdditionalField } from "../options/auth-options.js";

/** Validates the app's additional user fields in sign-up and update-user bodies. */
export interface UserInputValidator {
  /**
   * Returns the additional-field values in `body`, ignoring `knownKeys` (the endpoint's own fields).
   * Unknown keys, wrong types, fields with `input: false`, and (on create) missing required fields
   * are 400 VALIDATION_ERROR.
   */
  parse(
    body: Record<string, unknown>,
    mode: "create" | "update",
    knownKeys: ReadonlySet<string>,
  ): Record<string, unknown>;
}

const typeChecks: Record<AdditionalField["type"], (v: unknown) => boolean> = {
  string: (v) => typeof v === "string",
  number: (v) => typeof v === "number" && Number.isFinite(v),
  boolean: (v) => typeof v === "boolean",
  date: (v) => (typeof v === "string" || typeof v === "number") && !Number.isNaN(new Date(v).getTime()),
  json: () => true,
};

/** Builds the validator once from `user.additionalFields`. */
export function createUserInputValidator(fields: Record<string, AdditionalField>): UserInputValidator {
  const entries = Object.entries(fields);
  const invalid = (path: string, message: string) =>
    new AuthError(CORE_ERRORS.VALIDATION_ERROR, { details: { issues: [{ path, message, code: "invalid_value" }] } });
  return {
    parse(body, mode, knownKeys) {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(body)) {
        if (knownKeys.has(key)) continue;
        const field = fields[key];
        if (!field || field.input === false) throw invalid(key, `Unknown field ${key}`);
        const value = body[key];
        if (value === null && !field.required) out[key] = null;
        else if (!typeChecks[field.type](value)) throw invalid(key, `${key} must be a ${field.type}`);
        else out[key] = field.type === "date" ? new Date(value as string) : value;
      }
      if (mode === "create") {
        for (const [key, field] of entries) {
          if (field.required && field.input !== false && out[key] === undefined && field.defaultValue === undefined) {
            throw invalid(key, `${key} is required`);
          }
        }
      }
      return out;
    },
  };
}
