import type { MigrationResult, Schema } from "@gatehouse-auth/core";
import type { AnyKysely } from "../connect.js";
import type { SqlDialect } from "../dialect.js";
import { introspect } from "./introspect.js";
import { diffSchema } from "./diff-schema.js";

/** Introspects, then creates whatever is missing. Safe to run on every start; a second run does nothing. */
export async function runMigrations(
  db: AnyKysely,
  dialect: SqlDialect,
  schema: Schema,
  options: { dryRun?: boolean } = {},
): Promise<MigrationResult> {
  const plan = diffSchema(db, dialect, schema, await introspect(db, dialect));
  const statements: string[] = [];
  for (const step of plan) {
    statements.push(step.compile().sql);
    if (!options.dryRun) await (step as unknown as { execute(): Promise<unknown> }).execute();
  }
  return { statements };
}
