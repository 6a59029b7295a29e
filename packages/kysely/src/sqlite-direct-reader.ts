/** What the direct reader uses of a better-sqlite3 statement. */
interface RawStatement {
  reader: boolean;
  raw(toggle: boolean): RawStatement;
  all(params: readonly unknown[]): unknown[];
  columns(): { name: string }[];
}

/** What the direct reader uses of a better-sqlite3 Database. */
interface SqliteHandle {
  prepare(sql: string): RawStatement;
  readonly inTransaction: boolean;
}

/** Rows as arrays, in the order of `columns` (the statement's result column names). */
export interface DirectRead {
  rows: unknown[][];
  columns: readonly string[];
}

export interface DirectReader {
  /** Runs a select now; null when it must go through Kysely instead (a transaction is open, or not a select). */
  read(sql: string, params: readonly unknown[]): DirectRead | null;
}

const MAX_STATEMENTS = 500;

interface Entry {
  stmt: RawStatement;
  columns: readonly string[];
}

/**
 * Reads from better-sqlite3 without Kysely's driver: its connection mutex and the promises around each
 * query cost more than a small select itself, and rows come back as arrays the adapter decodes straight
 * into its row objects. Only outside transactions: better-sqlite3 runs a statement synchronously, so a
 * read here cannot interleave with anything but an open transaction on the one connection — whose
 * uncommitted rows it must not see. Then (`inTransaction`) it declines, and Kysely's mutex makes the
 * read wait for the commit as before.
 */
export function createDirectReader(
  database: unknown,
  onQuery?: (sql: string, parameters: readonly unknown[]) => void,
): DirectReader {
  const db = database as SqliteHandle;
  const cache = new Map<string, Entry | null>();
  return {
    read(sql, params) {
      if (db.inTransaction) return null;
      let entry = cache.get(sql);
      if (entry === undefined) {
        const stmt = db.prepare(sql);
        entry = stmt.reader ? { stmt: stmt.raw(true), columns: names(stmt) } : null;
        if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value as string);
        cache.set(sql, entry);
      }
      if (entry === null) return null;
      onQuery?.(sql, params);
      const rows = entry.stmt.all(params) as unknown[][];
      // SQLite re-prepares a statement after a schema change, which may change its columns.
      if (rows.length > 0 && (rows[0] as unknown[]).length !== entry.columns.length) entry.columns = names(entry.stmt);
      return { rows, columns: entry.columns };
    },
  };
}

function names(stmt: RawStatement): string[] {
  return stmt.columns().map((c) => c.name);
}
