import type { FieldType, Schema } from "@gatehouse-auth/core";
import type { JsonSchema } from "./open-api-types.js";

/** `apikey` → `Apikey`, `rateLimit` → `RateLimit`: the component name of a model. */
export function componentName(model: string): string {
  return model.charAt(0).toUpperCase() + model.slice(1);
}

/** The JSON Schema of one field type, as the API sends it. */
export function fieldSchema(type: FieldType): JsonSchema {
  switch (type) {
    case "string":
      return { type: "string" };
    case "number":
      return { type: "number" };
    case "boolean":
      return { type: "boolean" };
    case "date":
      // Dates travel as ISO strings in JSON.
      return { type: "string", format: "date-time" };
    case "json":
      return {};
  }
}

/**
 * One component per data model, from the same schema definitions the migrations use (DESIGN.md
 * "Nothing is written twice"). Fields with `returned: false` (password hashes, tokens at rest) are
 * left out: the components describe what the API sends, not what the database holds.
 */
export function modelSchemas(schema: Schema): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [model, def] of Object.entries(schema)) {
    const properties: Record<string, JsonSchema> = { id: { type: "string" } };
    const required = ["id"];
    for (const [name, field] of Object.entries(def.fields)) {
      if (field.returned === false) continue;
      const base = fieldSchema(field.type);
      const optional = field.required === false;
      properties[name] = optional && "type" in base ? { ...base, type: [base.type, "null"] } : base;
      if (!optional) required.push(name);
    }
    out[componentName(model)] = { type: "object", properties, required };
  }
  return out;
}
