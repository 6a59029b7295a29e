// Test helper (not exported): a private database per run on each real server (kysely's test helper),
// Gatehouse's tables created in it, and a Drizzle instance over the same driver object with the schema
// module `generate --orm drizzle` writes for it.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import type { Schema } from "@gatehouse-auth/core";
import { generateDrizzleSchema, kyselyAdapter } from "@gatehouse-auth/kysely";
import { drizzle as drizzleSqlite } from "drizzle-orm/better-sqlite3";
import { drizzle as drizzleMysql } from "drizzle-orm/mysql2";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { openMysql, openPostgres, openSqlite } from "../../kysely/src/test-databases.js";
import type { TestDatabase } from "../../kysely/src/test-databases.js";
import type { DrizzleProvider } from "../src/provider.js";

export const providers: [string, DrizzleProvider, () => Promise<TestDatabase | { skip: string }>][] = [
  ["SQLite", "sqlite", async () => openSqlite()],
  ["PostgreSQL", "pg", openPostgres],
  ["MySQL", "mysql", openMysql],
];

const OUT = join(import.meta.dirname, "..", "test-output");

/** Writes the generated schema module for `schema` and imports it (a new file each time: no module cache). */
export async function importGeneratedSchema(schema: Schema, provider: DrizzleProvider) {
  mkdirSync(OUT, { recursive: true });
  const file = join(OUT, `schema-${provider}-${randomBytes(4).toString("hex")}.ts`);
  writeFileSync(file, generateDrizzleSchema(schema, provider));
  return { file, module: (await import(file)) as Record<string, unknown> };
}

/** A Drizzle instance over the driver object the test opened. */
export function drizzleOver(provider: DrizzleProvider, database: unknown, schema?: Record<string, unknown>): object {
  // biome-ignore lint/suspicious/noExplicitAny: the driver object's type depends on the provider.
  const client = database as any;
  if (provider === "sqlite") return drizzleSqlite(client, { schema });
  if (provider === "pg") return drizzlePg(client, { schema });
  return drizzleMysql(client, { schema, mode: "default" });
}

/** Gatehouse's tables as `gatehouse-auth migrate` creates them (the same DDL the kysely adapter runs on). */
export async function migrateWithKysely(database: unknown, schema: Schema): Promise<void> {
  const adapter = kyselyAdapter({ database })({ schema });
  await adapter.migrate?.();
}
