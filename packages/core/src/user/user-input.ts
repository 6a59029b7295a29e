import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import type { AdditionalField } from "../options/auth-options.js";
import { isStorableJson } from "../schema/field-input.js";
import { fitsCharacters, isStorableDate, maxLengthOf } from "../schema/field-limits.js";
import type { HookContext } from "../plugins/plugin-types.js";
import type { User } from "../schema/model-types.js";
import { type PluginColumns, type PluginUserInput, combinePluginUserInputs } from "./plugin-user-input.js";

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
  /**
   * What sign-up and update-user call: `parse`, then the installed plugins' own keys (`Plugin.userInput`),
   * which `parse` alone refuses as unknown. Returns the columns to write, and the plugins' share of them
   * for `explainConflict`. `user` is the user being updated (null on create).
   */
  readWithPlugins(
    body: Record<string, unknown>,
    mode: "create" | "update",
    knownKeys: ReadonlySet<string>,
    info: { ctx: HookContext; user: User | null },
  ): Promise<{ columns: Record<string, unknown>; plugins: PluginColumns }>;
  /** Writing those columns hit a unique constraint: lets the plugins whose columns they were throw their error. */
  explainConflict(plugins: PluginColumns, ctx: HookContext): Promise<void>;
}

// Each check also asks whether the value fits the column on every dialect: a string within the field's
// length, a date MySQL's DATETIME holds, JSON of bounded size and depth.
const typeChecks: Record<AdditionalField["type"], (v: unknown, field: AdditionalField) => boolean> = {
  string: (v, field) => typeof v === "string" && fitsCharacters(v, maxLengthOf(field)),
  number: (v) => typeof v === "number" && Number.isFinite(v),
  boolean: (v) => typeof v === "boolean",
  date: (v) => (typeof v === "string" || typeof v === "number") && isStorableDate(new Date(v)),
  json: (v) => v !== undefined && isStorableJson(v),
};

/** Builds the validator once from `user.additionalFields` and the plugins' `userInput`. */
export function createUserInputValidator(
  fields: Record<string, AdditionalField>,
  plugins: readonly { id: string; userInput?: PluginUserInput }[] = [],
): UserInputValidator {
  const entries = Object.entries(fields);
  const pluginInputs = combinePluginUserInputs(plugins, fields);
  const invalid = (path: string, message: string) =>
    new AuthError(CORE_ERRORS.VALIDATION_ERROR, { details: { issues: [{ path, message, code: "invalid_value" }] } });
  const validator: UserInputValidator = {
    parse(body, mode, knownKeys) {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(body)) {
        if (knownKeys.has(key)) continue;
        // Own fields only: a body key such as "constructor" must never find Object.prototype's member.
        const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
        if (!field || field.input === false) throw invalid(key, `Unknown field ${key}`);
        const value = body[key];
        if (value === null && !field.required) out[key] = null;
        else if (!typeChecks[field.type](value, field))
          throw invalid(key, `${key} must be a ${field.type} that fits its column`);
        else out[key] = field.type === "date" ? new Date(value as string) : value;
      }
      if (mode === "create") {
        for (const [key, field] of entries) {
          if (field.required && field.input !== false && !Object.hasOwn(out, key) && field.defaultValue === undefined) {
            throw invalid(key, `${key} is required`);
          }
        }
      }
      return out;
    },
    async readWithPlugins(body, mode, knownKeys, { ctx, user }) {
      const columns = validator.parse(body, mode, new Set([...knownKeys, ...pluginInputs.keys]));
      const own = await pluginInputs.parse(body, { mode, ctx, user });
      return { columns: { ...columns, ...own.merged }, plugins: own };
    },
    explainConflict: (own, ctx) => pluginInputs.explainConflict(own, ctx),
  };
  return validator;
}
