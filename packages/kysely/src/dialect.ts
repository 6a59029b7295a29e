/** The SQL families Gatehouse speaks. MariaDB counts as mysql. */
export type SqlDialect = "sqlite" | "postgres" | "mysql";
