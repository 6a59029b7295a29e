import { sql } from "kysely";
import type { AnyKysely } from "../connect.js";
import type { SqlDialect } from "../dialect.js";

/** What already exists: table → column names, and every index name. */
export interface DatabaseState {
  tables: Map<string, Set<string>>;
  indexes: Set<string>;
}

/** An empty database: what `generateSql` plans against. */
export function emptyState(): DatabaseState {
  return { tables: new Map(), indexes: new Set() };
}

/** Reads the current tables, columns and indexes of the connected database (current schema only). */
export async function introspect(db: AnyKysely, dialect: SqlDialect): Promise<DatabaseState> {
  const tables = await db.introspection.getTables();
  let visible = tables;
  if (dialect === "postgres") {
    // Kysely lists every schema; only the one on the search path is ours.
    const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(db);
    const current = rows[0]?.s;
    visible = tables.filter((t) => t.schema === current);
  }
  const state = emptyState();
  for (const t of visible) state.tables.set(t.name, new Set(t.columns.map((c) => c.name)));
  const indexQuery =
    dialect === "sqlite"
      ? sql<{ name: string }>`select name from sqlite_master where type = 'index'`
      : dialect === "postgres"
        ? sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`
        : sql<{
            name: string;
          }>`select distinct index_name as name from information_schema.statistics where table_schema = database()`;
  const { rows } = await indexQuery.execute(db);
  for (const r of rows) state.indexes.add(r.name);
  return state;
}
