import type { SqlDialect } from "./dialect.js";
import { watchDatabase } from "./database-watch.js";
import { describeDatabase } from "./describe-database.js";
import { importDriver } from "./import-driver.js";

/** A driver object for `kyselyAdapter({ database })`, opened from a URL, and how to close it. */
export interface OpenedDatabase {
  database: unknown;
  dialect: SqlDialect;
  close(): Promise<void>;
}

/** How `createDatabaseFromUrl` opens the driver. */
export interface OpenDatabaseOptions {
  /** Give up on a server that does not complete the connection within this many ms. Default 10000. */
  connectTimeoutMs?: number;
}

// A scheme is letters then `:`; one letter is a Windows drive (`C:\app\auth.db`), not a scheme.
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]+):/;

/**
 * Opens a driver from a URL: `postgres://…`, `mysql://…` / `mariadb://…`, or a SQLite file as
 * `sqlite:path`, `file:path`, a bare path or `:memory:`. Any other scheme is an error rather than a
 * SQLite file of that name (`postgres:app` once quietly became one). Drivers load lazily, so only the
 * one in use needs to be installed; a missing one is named in the error.
 */
export async function createDatabaseFromUrl(url: string, options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  const connectTimeoutMs = options.connectTimeoutMs ?? 10_000;
  if (/^postgres(ql)?:\/\//i.test(url)) {
    const pg = await importDriver<typeof import("pg")>("pg", "PostgreSQL");
    // pg waits for the server forever by default: a port that accepts and never answers hung the CLI.
    const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
    // An idle client whose server restarted makes the pool emit 'error': unheard, that ends the process.
    // Watched from here, before any adapter sees the pool (a CLI run may never make one).
    watchDatabase(pool, describeDatabase(pool, "postgres"));
    return { database: pool, dialect: "postgres", close: () => pool.end() };
  }
  if (/^(mysql|mariadb):\/\//i.test(url)) {
    const mysql = await importDriver<typeof import("mysql2")>("mysql2", "MySQL/MariaDB");
    // UTC on the wire, so DATETIME values mean the same instant whatever the server's time zone.
    const pool = mysql.createPool({
      uri: url.replace(/^mariadb:/i, "mysql:"),
      timezone: "Z",
      connectTimeout: connectTimeoutMs,
    });
    watchDatabase(pool, describeDatabase(pool, "mysql"));
    return { database: pool, dialect: "mysql", close: () => new Promise<void>((resolve) => pool.end(() => resolve())) };
  }
  const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== "sqlite" && scheme !== "file") {
    // Only the scheme is repeated: the rest of the URL may hold a password.
    throw new Error(
      `unrecognised database URL "${scheme}:…" — use postgres://user@host/db, mysql://user@host/db, mariadb://…, sqlite:path/to/file.db or a file path`,
    );
  }
  const path = url.replace(/^(sqlite|file):(\/\/)?/i, "");
  const Database = await importDriver<typeof import("better-sqlite3")>("better-sqlite3", "SQLite");
  const sqlite = new Database(path);
  return { database: sqlite, dialect: "sqlite", close: async () => void sqlite.close() };
}
