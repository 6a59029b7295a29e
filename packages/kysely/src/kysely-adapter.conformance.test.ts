import type { Schema } from "@gatehouse-auth/core";
import { runAdapterConformance } from "@gatehouse-auth/core/adapter-conformance";
import { kyselyAdapter } from "./kysely-adapter.js";
import { openMysql, openPostgres, openSqlite } from "./test-databases.js";
import type { TestDatabase } from "./test-databases.js";

async function setup(schema: Schema, opened: TestDatabase | { skip: string }) {
  if ("skip" in opened) return opened;
  const adapter = kyselyAdapter({ database: opened.database })({ schema });
  await adapter.migrate?.();
  return { adapter, cleanup: opened.cleanup };
}

runAdapterConformance("SQLite", async (schema) => setup(schema, openSqlite()));
runAdapterConformance("PostgreSQL", async (schema) => setup(schema, await openPostgres()));
runAdapterConformance("MySQL", async (schema) => setup(schema, await openMysql()));
