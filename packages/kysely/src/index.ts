export { kyselyAdapter } from "./kysely-adapter.js";
export type { AnyKysely, KyselyAdapterConfig } from "./connect.js";
export type { SqlDialect } from "./dialect.js";
export { generateSql } from "./migrations/generate-sql.js";
export { runMigrations } from "./migrations/run-migrations.js";
export { planMigrations } from "./migrations/plan-migrations.js";
export { createDatabaseFromUrl } from "./create-database-from-url.js";
export type { OpenedDatabase } from "./create-database-from-url.js";
