import type { SqlDialect } from "./dialect.js";

/** A driver object for `kyselyAdapter({ database })`, opened from a URL, and how to close it. */
export interface OpenedDatabase {
  database: unknown;
  dialect: SqlDialect;
  close(): Promise<void>;
}

/**
 * Opens a driver from a URL: `postgres://…`, `mysql://…` / `mariadb://…`, or a SQLite file as
 * `sqlite:path`, `file:path`, a bare path or `:memory:`. Drivers load lazily, so only the one in use
 * needs to be installed.
 */
export async function createDatabaseFromUrl(url: string): Promise<OpenedDatabase> {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const { default: pg } = await import("pg");
    const pool = new pg.Pool({ connectionString: url });
    return { database: pool, dialect: "postgres", close: () => pool.end() };
  }
  if (/^(mysql|mariadb):\/\//.test(url)) {
    const { default: mysql } = await import("mysql2");
    // UTC on the wire, so DATETIME values mean the same instant whatever the server's time zone.
    const pool = mysql.createPool({ uri: url.replace(/^mariadb:/, "mysql:"), timezone: "Z" });
    return { database: pool, dialect: "mysql", close: () => new Promise<void>((resolve) => pool.end(() => resolve())) };
  }
  const path = url.replace(/^(sqlite|file):(\/\/)?/, "");
  const { default: Database } = await import("better-sqlite3");
  const sqlite = new Database(path);
  return { database: sqlite, dialect: "sqlite", close: async () => void sqlite.close() };
}
