import { sql } from "../kysely-runtime.js";
import type { AnyKysely } from "../connect.js";
import type { SqlDialect } from "../dialect.js";

/** What already exists: table → column names, and every index name. */
export interface DatabaseState {
  tables: Map<string, Set<string>>;
  indexes: Set<string>;
  /**
   * MySQL/MariaDB: the binary NO PAD collation this server has (`utf8mb4_nopad_bin` on MariaDB,
   * `utf8mb4_0900_bin` on MySQL 8), under which `'a' = 'a '` is false; undefined when it has none.
   */
  noPadCollation?: string;
  /** MySQL/MariaDB: existing tables with a text column still compared PAD SPACE (`utf8mb4_bin`). */
  padTables?: Set<string>;
}

/** The NO PAD binary collations, best first; the first one the server knows is used. */
export const NO_PAD_COLLATIONS = ["utf8mb4_nopad_bin", "utf8mb4_0900_bin"] as const;

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
  if (dialect === "mysql") await introspectCollations(db, state);
  return state;
}

async function introspectCollations(db: AnyKysely, state: DatabaseState): Promise<void> {
  const known = await sql<{ name: string }>`select collation_name as name from information_schema.collations
    where collation_name in (${sql.join(NO_PAD_COLLATIONS)})`.execute(db);
  const names = new Set(known.rows.map((r) => r.name));
  state.noPadCollation = NO_PAD_COLLATIONS.find((c) => names.has(c));
  if (!state.noPadCollation) return;
  const pad = await sql<{ name: string }>`select distinct table_name as name from information_schema.columns
    where table_schema = database() and collation_name = 'utf8mb4_bin'`.execute(db);
  state.padTables = new Set(pad.rows.map((r) => r.name));
}
