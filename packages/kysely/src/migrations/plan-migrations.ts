import type { Schema } from "@gatehouse-auth/core";
import type { AnyKysely } from "../connect.js";
import type { SqlDialect } from "../dialect.js";
import { runMigrations } from "./run-migrations.js";

/**
 * The statements `migrate()` would run against this database now, without running them: what is
 * missing from it (tables, columns, indexes) compared with `schema`. Empty when it is up to date.
 */
export async function planMigrations(db: AnyKysely, dialect: SqlDialect, schema: Schema): Promise<string[]> {
  return (await runMigrations(db, dialect, schema, { dryRun: true })).statements;
}
