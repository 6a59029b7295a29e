export { kyselyAdapter } from "./kysely-adapter.js";
export type { AnyKysely, KyselyAdapterConfig } from "./connect.js";
export type { SqlDialect } from "./dialect.js";
export { generateSql } from "./migrations/generate-sql.js";
export { runMigrations } from "./migrations/run-migrations.js";
export { createDatabaseFromUrl } from "./create-database-from-url.js";
