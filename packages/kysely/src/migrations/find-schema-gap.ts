import type { Schema, SchemaGap } from "@gatehouse-auth/core";
import type { AnyKysely } from "../connect.js";
import type { SqlDialect } from "../dialect.js";
import { introspect } from "./introspect.js";

/**
 * The tables and columns of `schema` the connected database lacks (current schema or database only,
 * as `migrate` sees it). Indexes are left to `migrate`: without one a query is slower, not broken.
 */
export async function findSchemaGap(db: AnyKysely, dialect: SqlDialect, schema: Schema): Promise<SchemaGap> {
  const state = await introspect(db, dialect);
  const gap: SchemaGap = { tables: [], columns: [] };
  for (const [model, def] of Object.entries(schema)) {
    const table = def.modelName ?? model;
    const columns = state.tables.get(table);
    if (!columns) {
      gap.tables.push(table);
      continue;
    }
    for (const column of ["id", ...Object.keys(def.fields)])
      if (!columns.has(column)) gap.columns.push({ table, column });
  }
  return gap;
}
