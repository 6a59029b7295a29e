import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from "./kysely-runtime.js";
import type { Dialect, LogConfig } from "kysely";
import type { SqlDialect } from "./dialect.js";
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
  | { db: AnyKysely; dialect: SqlDialect }
) & {
  /** Called with the SQL of every query the adapter runs (driver configs only). For tests and tracing. */
  onQuery?: (sql: string) => void;
};

export interface Connection {
  db: AnyKysely;
  dialect: SqlDialect;
  /** Reads selects straight from better-sqlite3 (a SQLite driver object only). */
  direct?: DirectReader;
  /** Destroys the Kysely instance; the driver object the user passed stays theirs to close. */
  close(): Promise<void>;
}

type Obj = Record<string, unknown>;
const isFn = (o: Obj, k: string) => typeof o[k] === "function";

/** Recognises the driver by shape, so none of them has to be installed for the others to work. */
export function detectDialect(database: unknown): { dialect: SqlDialect; kyselyDialect: Dialect } {
  if (!database || typeof database !== "object")
    throw new TypeError("kyselyAdapter: `database` must be a driver object");
  const d = database as Obj;
  if (isFn(d, "prepare") && isFn(d, "exec") && "open" in d) {
    // biome-ignore lint/suspicious/noExplicitAny: better-sqlite3's type is an optional peer dependency.
    return { dialect: "sqlite", kyselyDialect: new SqliteDialect({ database: withStatementCache(d) as any }) };
  }
  if (isFn(d, "getConnection")) {
    // mysql2/promise pools wrap the callback pool kysely needs in `.pool`.
    const pool = d.pool && typeof d.pool === "object" && isFn(d.pool as Obj, "getConnection") ? d.pool : d;
    // biome-ignore lint/suspicious/noExplicitAny: mysql2's type is an optional peer dependency.
    return { dialect: "mysql", kyselyDialect: new MysqlDialect({ pool: pool as any }) };
  }
  if (isFn(d, "connect") && isFn(d, "query") && "totalCount" in d) {
    // biome-ignore lint/suspicious/noExplicitAny: pg's type is an optional peer dependency.
    return { dialect: "postgres", kyselyDialect: new PostgresDialect({ pool: d as any }) };
  }
  throw new TypeError("kyselyAdapter: `database` is not a better-sqlite3 Database, a pg Pool or a mysql2 pool");
}

/** Opens (or adopts) the Kysely instance an adapter runs on. */
export function connect(config: KyselyAdapterConfig): Connection {
  if ("db" in config) return { db: config.db, dialect: config.dialect, close: async () => {} };
  const { dialect, kyselyDialect } = detectDialect(config.database);
  const onQuery = config.onQuery;
  const log: LogConfig | undefined = onQuery
    ? (event) => {
        if (event.level === "query") onQuery(event.query.sql);
      }
    : undefined;
  const db: AnyKysely = new Kysely({ dialect: kyselyDialect, log });
  return {
    db,
    dialect,
    direct: dialect === "sqlite" ? createDirectReader(config.database, onQuery) : undefined,
    async close() {
      // Kysely's destroy would end the user's pool; we only drop our reference to it.
    },
  };
}
