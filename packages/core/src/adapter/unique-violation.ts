/** True when a driver error is a unique or primary-key violation (SQLite, PostgreSQL, MySQL/MariaDB). */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== "object") return false;
  const e = err as { code?: unknown; errno?: unknown };
  return (
    e.code === "SQLITE_CONSTRAINT_UNIQUE" ||
    e.code === "SQLITE_CONSTRAINT_PRIMARYKEY" ||
    e.code === "23505" ||
    e.code === "ER_DUP_ENTRY" ||
    e.errno === 1062
  );
}
