interface SqliteStatement {
  reader: boolean;
}
interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
}

const MAX_STATEMENTS = 500;

/**
 * Wraps a better-sqlite3 Database so `prepare` reuses statements. Kysely's SQLite driver prepares on
 * every query, which was the largest single cost of get-session; the adapter's SQL comes from a small
 * set of shapes, so a bounded cache hits almost always. Everything else passes through untouched.
 */
export function withStatementCache<T extends object>(database: T): T {
  const db = database as unknown as SqliteDatabase;
  const cache = new Map<string, SqliteStatement>();
  return new Proxy(database, {
    get(target, prop, receiver) {
      if (prop !== "prepare") {
        const value = Reflect.get(target, prop, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      }
      return (sql: string) => {
        let stmt = cache.get(sql);
        if (!stmt) {
          stmt = db.prepare(sql);
          if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value as string);
          cache.set(sql, stmt);
        }
        return stmt;
      };
    },
  });
}
