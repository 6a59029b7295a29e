import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from "./kysely-runtime.js";
import type { Dialect, LogConfig } from "kysely";
import type { SqlDialect } from "./dialect.js";
import { type DatabaseWatch, guardConnection, watchDatabase } from "./database-watch.js";
import { describeDatabase } from "./describe-database.js";
import { guardDialect } from "./guard-dialect.js";
import { createDirectReader } from "./sqlite-direct-reader.js";
import type { DirectReader } from "./sqlite-direct-reader.js";
import { withStatementCache } from "./statement-cache.js";

// biome-ignore lint/suspicious/noExplicitAny: the adapter maps the schema at run time; rows are untyped here.
export type AnyKysely = Kysely<any>;

/** What `kyselyAdapter` accepts: a driver object, or a Kysely instance with its dialect named. */
export type KyselyAdapterConfig = (
  | {
      /** A better-sqlite3 `Database`, a pg `Pool`, or a mysql2 pool (callback or promise API). */
      database: unknown;
    }
  | {
      db: AnyKysely;
      dialect: SqlDialect;
      /** Where the database is, as outage log lines name it (default: "the <dialect> database of the Kysely instance given"). */
      where?: string;
    }
) & {
  /**
   * Called with the SQL and parameters of every query the adapter runs (driver configs only). For tests
   * and tracing (the query-plan test explains each one).
   */
  onQuery?: (sql: string, parameters: readonly unknown[]) => void;
};

export interface Connection {
  db: AnyKysely;
  dialect: SqlDialect;
  /** The database's health: maps connection failures, reports outages once. */
  watch: DatabaseWatch;
  /** True when every query of `db` already goes through `watch` (driver objects; not a Kysely instance given). */
  guarded?: boolean;
  /** Reads selects straight from better-sqlite3 (a SQLite driver object only). */
  direct?: DirectReader;
  /** Destroys the Kysely instance; the driver object the user passed stays theirs to close. */
  close(): Promise<void>;
}

type Obj = Record<string, unknown>;
const isFn = (o: Obj, k: string) => typeof o[k] === "function";

/** Recognises the driver by shape, so none of them has to be installed for the others to work. */
export function detectDialect(database: unknown): SqlDialect {
  if (!database || typeof database !== "object")
    throw new TypeError("kyselyAdapter: `database` must be a driver object");
  const d = database as Obj;
  if (isFn(d, "prepare") && isFn(d, "exec") && "open" in d) return "sqlite";
  if (isFn(d, "getConnection")) return "mysql";
  if (isFn(d, "connect") && isFn(d, "query") && "totalCount" in d) return "postgres";
  throw new TypeError("kyselyAdapter: `database` is not a better-sqlite3 Database, a pg Pool or a mysql2 pool");
}

type Callback<T> = (error: unknown, value: T) => void;
interface MysqlCallbackPool {
  getConnection(callback: Callback<unknown>): void;
  end(callback: (error?: unknown) => void): void;
}
interface PgPool {
  connect(): Promise<unknown>;
  end(): Promise<void>;
}

/**
 * Kysely's dialect over the driver object. Pools are handed over through a thin wrapper that gives
 * each connection Kysely checks out an 'error' listener, also connections the pool made before the
 * adapter saw it (see guardConnection).
 */
function createKyselyDialect(database: Obj, dialect: SqlDialect, watch: DatabaseWatch): Dialect {
  if (dialect === "sqlite")
    // biome-ignore lint/suspicious/noExplicitAny: better-sqlite3's type is an optional peer dependency.
    return new SqliteDialect({ database: withStatementCache(database) as any });
  if (dialect === "mysql") {
    // mysql2/promise pools wrap the callback pool kysely needs in `.pool`.
    const inner = database.pool;
    const pool = (
      inner && typeof inner === "object" && isFn(inner as Obj, "getConnection") ? inner : database
    ) as MysqlCallbackPool;
    const guarded: MysqlCallbackPool = {
      getConnection: (callback) =>
        pool.getConnection((error, connection) => {
          if (connection) guardConnection(connection, watch);
          callback(error, connection);
        }),
      end: (callback) => pool.end(callback),
    };
    // biome-ignore lint/suspicious/noExplicitAny: mysql2's type is an optional peer dependency.
    return new MysqlDialect({ pool: guarded as any });
  }
  const pool = database as unknown as PgPool;
  const guarded: PgPool = {
    connect: () =>
      pool.connect().then((client) => {
        guardConnection(client, watch);
        return client;
      }),
    end: () => pool.end(),
  };
  // biome-ignore lint/suspicious/noExplicitAny: pg's type is an optional peer dependency.
  return new PostgresDialect({ pool: guarded as any });
}

/** Opens (or adopts) the Kysely instance an adapter runs on. */
export function connect(config: KyselyAdapterConfig): Connection {
  if ("db" in config) {
    const watch = watchDatabase(
      config.db,
      config.where ?? `the ${config.dialect} database of the Kysely instance given`,
    );
    return { db: config.db, dialect: config.dialect, watch, close: async () => {} };
  }
  const dialect = detectDialect(config.database);
  const database = config.database as Obj;
  const watch = watchDatabase(database, describeDatabase(database, dialect));
  const onQuery = config.onQuery;
  const log: LogConfig | undefined = onQuery
    ? (event) => {
        if (event.level === "query") onQuery(event.query.sql, event.query.parameters);
      }
    : undefined;
  const db: AnyKysely = new Kysely({
    dialect: guardDialect(createKyselyDialect(database, dialect, watch), watch),
    log,
  });
  return {
    db,
    dialect,
    watch,
    guarded: true,
    direct: dialect === "sqlite" ? createDirectReader(config.database, onQuery) : undefined,
    async close() {
      // Kysely's destroy would end the user's pool; we only drop our reference to it.
    },
  };
}
