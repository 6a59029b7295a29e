/** kyselyAdapter for SQLite, PostgreSQL and MySQL/MariaDB, with migrations: @gatehouse-auth/kysely. */
export * from "@gatehouse-auth/kysely";
