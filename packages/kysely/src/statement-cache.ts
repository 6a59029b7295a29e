interface SqliteStatement {
  reader: boolean;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): unknown;
  iterate(...params: unknown[]): IterableIterator<unknown>;
  raw(toggle: boolean): SqliteStatement;
  columns(): { name: string }[];
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
}

/** What Kysely's SQLite driver uses of a statement. */
interface CachedStatement {
  reader: boolean;
  all(...params: unknown[]): unknown[];
  run(...params: unknown[]): unknown;
  iterate(...params: unknown[]): IterableIterator<unknown>;
}

const MAX_STATEMENTS = 500;

/**
 * Wraps a better-sqlite3 Database so `prepare` reuses statements. Kysely's SQLite driver prepares on
 * every query, which was the largest single cost of get-session; the adapter's SQL comes from a small
 * set of shapes, so a bounded cache hits almost always. Everything else passes through untouched.
 */
export function withStatementCache<T extends object>(database: T): T {
  const db = database as unknown as SqliteDatabase;
  const cache = new Map<string, CachedStatement>();
  return new Proxy(database, {
    get(target, prop, receiver) {
      if (prop !== "prepare") {
        const value = Reflect.get(target, prop, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      }
      return (sql: string) => {
        let stmt = cache.get(sql);
        if (!stmt) {
          stmt = cachedStatement(db, sql);
          if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value as string);
          cache.set(sql, stmt);
        }
        return stmt;
      };
    },
  });
}

function cachedStatement(db: SqliteDatabase, sql: string): CachedStatement {
  const stmt = db.prepare(sql);
  if (!stmt.reader) return stmt;
  // better-sqlite3 builds each row object property by property in C++; fetching rows as arrays and
  // building the objects with one compiled object literal per statement is about 1.6× faster on
  // wide results (an organization's members and invitations). Same keys, same values, same order.
  let build = rowBuilder(stmt.columns().map((c) => c.name));
  if (!build) return stmt;
  const raw = db.prepare(sql).raw(true);
  return {
    reader: true,
    all(...params) {
      const rows = raw.all(...params) as unknown[];
      // SQLite re-prepares a statement after a schema change, which may change its columns.
      if (rows.length > 0 && build && (rows[0] as unknown[]).length !== build.width)
        build = rowBuilder(raw.columns().map((c) => c.name));
      if (!build) return stmt.all(...params);
      for (let i = 0; i < rows.length; i++) rows[i] = build(rows[i] as unknown[]);
      return rows;
    },
    run: (...params) => stmt.run(...params),
    iterate: (...params) => stmt.iterate(...params),
  };
}

type RowBuilder = ((row: unknown[]) => Record<string, unknown>) & { width: number };

/** `(r) => ({ "id": r[0], "name": r[1], … })` for these column names; null where that is unsafe. */
function rowBuilder(names: string[]): RowBuilder | null {
  // A literal `"__proto__": x` would set the prototype instead of a property: leave such rows to the driver.
  if (names.includes("__proto__")) return null;
  const body = names.map((name, i) => `${JSON.stringify(name)}: r[${i}]`).join(", ");
  const build = new Function("r", `return { ${body} };`) as RowBuilder;
  build.width = names.length;
  return build;
}
