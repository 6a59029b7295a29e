import { AdapterError } from "@gatehouse-auth/core";
import type { FieldType, Schema } from "@gatehouse-auth/core";

export interface ModelInfo {
  model: string;
  table: string;
  /** Field name → type, `id` included. */
  fields: Map<string, FieldType>;
}

/** Resolves models and fields once per adapter, so every query validates names without work. */
export function createModelMap(schema: Schema) {
  const models = new Map<string, ModelInfo>();
  for (const [model, def] of Object.entries(schema)) {
    const fields = new Map<string, FieldType>([["id", "string"]]);
    for (const [name, f] of Object.entries(def.fields)) fields.set(name, f.type);
    models.set(model, { model, table: def.modelName ?? model, fields });
  }
  return {
    get(model: string): ModelInfo {
      const info = models.get(model);
      if (!info) throw new AdapterError(`Unknown model "${model}"`);
      return info;
    },
    /** The field's type; unknown fields are a programming error, never a SQL error. */
    field(info: ModelInfo, field: string): FieldType {
      const type = info.fields.get(field);
      if (!type) throw new AdapterError(`Unknown field "${field}" on model "${info.model}"`);
      return type;
    },
  };
}

export type ModelMap = ReturnType<typeof createModelMap>;
