import { AdapterError } from "@gatehouse-auth/core";
import type { FieldType, Schema, SchemaGap } from "@gatehouse-auth/core";
import { Table, getTableColumns, getTableName, is } from "drizzle-orm";
import type { Column } from "drizzle-orm";

/** One Gatehouse field and the Drizzle column that stores it. */
export interface FieldColumn {
  field: string;
  type: FieldType;
  column: Column;
  /** The key of the column in the Drizzle table object (also its key in an aliased table). */
  key: string;
  /** Drizzle's JS-side type of the column ("date", "string", "number", "boolean", "json", …). */
  dataType: string;
}

export interface ModelTable {
  model: string;
  /** The SQL table name. */
  name: string;
  table: Table;
  fields: Map<string, FieldColumn>;
  /** Every field as a Drizzle selection keyed by field name (a whole row). */
  selection: Record<string, Column>;
}

const FIX =
  "Generate the tables with `npx gatehouse-auth generate --orm drizzle` (add --config <your auth module> if it is not found), pass the generated module as drizzleAdapter's `schema`, then create them with drizzle-kit";

/**
 * Finds, for each Gatehouse model, the table of the app's Drizzle schema that stores it: the table whose
 * SQL name is the model's table name, or else the export named after the model. Fields are found by the
 * column's key in the table object, or else by its SQL name, so an app may spell its columns either way.
 * Resolved on first use: a config that lacks a new plugin's table still loads, so `generate` can run.
 */
export function createTableMap(schema: Schema, drizzleSchema: Record<string, unknown>) {
  const tables = Object.values(drizzleSchema).filter((value): value is Table => is(value, Table));
  const resolved = new Map<string, ModelTable>();

  function findTable(model: string): Table | undefined {
    const name = schema[model]?.modelName ?? model;
    const byName = tables.find((table) => getTableName(table) === name);
    if (byName) return byName;
    const exported = drizzleSchema[model];
    return is(exported, Table) ? exported : undefined;
  }

  function findColumn(columns: Record<string, Column>, field: string): [string, Column] | undefined {
    if (columns[field]) return [field, columns[field]];
    return Object.entries(columns).find(([, column]) => column.name === field);
  }

  function resolve(model: string): ModelTable {
    const def = schema[model];
    if (!def) throw new AdapterError(`Unknown model "${model}"`);
    const table = findTable(model);
    if (!table)
      throw new AdapterError(
        `The Drizzle schema has no table for model "${model}" (${def.modelName ?? model}). ${FIX}.`,
      );
    const columns = getTableColumns(table) as Record<string, Column>;
    const fields = new Map<string, FieldColumn>();
    const selection: Record<string, Column> = {};
    const wanted: [string, FieldType][] = [
      ["id", "string"],
      ...Object.entries(def.fields).map(([f, d]): [string, FieldType] => [f, d.type]),
    ];
    const missing: string[] = [];
    for (const [field, type] of wanted) {
      const found = findColumn(columns, field);
      if (!found) {
        missing.push(field);
        continue;
      }
      const [key, column] = found;
      fields.set(field, { field, type, column, key, dataType: column.dataType });
      selection[field] = column;
    }
    if (missing.length > 0)
      throw new AdapterError(
        `The Drizzle table "${getTableName(table)}" lacks the column(s) ${missing.join(", ")} of model "${model}". ${FIX}.`,
      );
    return { model, name: getTableName(table), table, fields, selection };
  }

  return {
    get(model: string): ModelTable {
      let info = resolved.get(model);
      if (!info) {
        info = resolve(model);
        resolved.set(model, info);
      }
      return info;
    },
    /** The field's column; unknown fields are a programming error, never a SQL error. */
    field(info: ModelTable, field: string): FieldColumn {
      const found = info.fields.get(field);
      if (!found) throw new AdapterError(`Unknown field "${field}" on model "${info.model}"`);
      return found;
    },
    /** The tables and columns the Drizzle schema lacks, by SQL table name and field name. */
    gap(): SchemaGap {
      const gap: SchemaGap = { tables: [], columns: [] };
      for (const [model, def] of Object.entries(schema)) {
        const table = findTable(model);
        if (!table) {
          gap.tables.push(def.modelName ?? model);
          continue;
        }
        const columns = getTableColumns(table) as Record<string, Column>;
        for (const field of ["id", ...Object.keys(def.fields)])
          if (!findColumn(columns, field)) gap.columns.push({ table: getTableName(table), column: field });
      }
      return gap;
    },
  };
}

export type TableMap = ReturnType<typeof createTableMap>;

export const SCHEMA_FIX = FIX;
