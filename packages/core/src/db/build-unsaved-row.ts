import { generateId } from "../crypto/index.js";
import type { Row, Schema } from "../schema/schema-types.js";

/**
 * The row `Db.create` would store and an adapter would hand back for `data` — a fresh id, the schema's
 * defaults, null for every other field, in the schema's field order — without storing anything. For
 * answers that must look exactly like a created record's (sign-up of a registered address when
 * sign-up signs nobody in).
 */
export function buildUnsavedRow(schema: Schema, model: string, data: Record<string, unknown>): Row {
  const row: Row = { id: generateId() };
  for (const [name, field] of Object.entries(schema[model]?.fields ?? {})) {
    let value = Object.hasOwn(data, name) ? data[name] : undefined;
    if (value === undefined) {
      const fallback = field.defaultValue;
      value = typeof fallback === "function" ? (fallback as () => unknown)() : fallback;
    }
    row[name] = value === undefined ? null : value;
  }
  return row;
}
