import type { Schema } from "@gatehouse-auth/core";
import {
  DummyDriver,
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from "../kysely-runtime.js";
import type { Dialect } from "kysely";
import type { AnyKysely } from "../connect.js";
import type { SqlDialect } from "../dialect.js";
import { emptyState } from "./introspect.js";
import { diffSchema } from "./diff-schema.js";

// A Kysely that compiles but never connects: enough to print DDL for a dialect.
function coldDialect(dialect: SqlDialect): Dialect {
  const parts = {
    sqlite: [SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler],
    postgres: [PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler],
    mysql: [MysqlAdapter, MysqlIntrospector, MysqlQueryCompiler],
  } as const;
  const [Adapter, Introspector, Compiler] = parts[dialect];
  return {
    createAdapter: () => new Adapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new Introspector(db),
    createQueryCompiler: () => new Compiler(),
  };
}

/** A Kysely for `dialect` that compiles queries but has no connection. */
export function coldKysely(dialect: SqlDialect): AnyKysely {
  return new Kysely({ dialect: coldDialect(dialect) });
}

/** The full CREATE script for a fresh database, without connecting to one. */
export function generateSql(schema: Schema, dialect: SqlDialect): string {
  if (!["sqlite", "postgres", "mysql"].includes(dialect))
    throw new Error(`Unknown dialect "${dialect}" (sqlite, postgres or mysql)`);
  return diffSchema(coldKysely(dialect), dialect, schema, emptyState())
    .map((s) => `${s.compile().sql};`)
    .join("\n");
}
