import type { SchemaGap } from "./adapter-types.js";

/** The command that adds what is missing; named in every message about a missing migration. */
export const MIGRATE_COMMAND = "npx gatehouse-auth migrate";

/**
 * The database lacks tables or columns of the schema (core, plugins, additional fields): thrown by
 * `auth.ready()`, so the operator reads what is missing and how to add it instead of a 500 and
 * `relation "user" does not exist` at the first request.
 */
export class SchemaMismatchError extends Error {
  readonly gap: SchemaGap;
  constructor(gap: SchemaGap, options?: { cause?: unknown }) {
    super(describeSchemaGap(gap), options);
    this.name = "SchemaMismatchError";
    this.gap = gap;
  }
}

/** True when the gap names nothing: the database has every table and column. */
export function isEmptySchemaGap(gap: SchemaGap): boolean {
  return gap.tables.length === 0 && gap.columns.length === 0;
}

/** One message naming the fix first, then every missing table and column. */
export function describeSchemaGap(gap: SchemaGap): string {
  const parts: string[] = [];
  if (gap.tables.length > 0) parts.push(`missing tables: ${gap.tables.join(", ")}`);
  if (gap.columns.length > 0)
    parts.push(`missing columns: ${gap.columns.map((c) => `${c.table}.${c.column}`).join(", ")}`);
  return `Gatehouse: the database is not migrated (${parts.join("; ")}). Run \`${MIGRATE_COMMAND}\` (add --config <your auth module> if it is not found; --dry-run prints the SQL), or call auth.$context.adapter.migrate() before auth.ready(), then restart.`;
}
