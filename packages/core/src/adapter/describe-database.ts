/** The SQL dialects core's adapters speak (kysely's and drizzle's). */
type SqlDialect = "sqlite" | "postgres" | "mysql";

type Obj = Record<string, unknown>;
// postgres.js's client is a function (the sql tag) carrying its options.
const obj = (v: unknown): Obj | undefined =>
  v && (typeof v === "object" || typeof v === "function") ? (v as Obj) : undefined;
// postgres.js keeps hosts and ports as lists (one per failover host): the first names the database.
const text = (v: unknown): string | undefined =>
  Array.isArray(v) ? text(v[0]) : typeof v === "string" || typeof v === "number" ? String(v) : undefined;

/**
 * Where a driver object connects, for log lines and errors an operator reads: scheme, host, port and
 * database only. Never the user's password (nor the user name): a log is not a secret store.
 */
export function describeDatabase(database: unknown, dialect: SqlDialect): string {
  const d = obj(database);
  if (dialect === "sqlite") return `SQLite file ${text(d?.name) ?? "(unknown)"}`;
  if (dialect === "postgres") {
    const options = obj(d?.options);
    const fromUrl = text(options?.connectionString);
    if (fromUrl) return withoutCredentials(fromUrl);
    return location("postgres", options?.host ?? "localhost", options?.port ?? 5432, options?.database);
  }
  // mysql2: the callback pool keeps its settings in config.connectionConfig; the promise pool wraps it in `.pool`.
  const pool = obj(d?.pool) && obj(obj(d?.pool)?.config) ? obj(d?.pool) : d;
  const config = obj(obj(pool?.config)?.connectionConfig) ?? obj(pool?.config);
  return location("mysql", config?.host ?? "localhost", config?.port ?? 3306, config?.database);
}

function location(scheme: string, host: unknown, port: unknown, database: unknown): string {
  const db = text(database);
  return `${scheme}://${text(host)}:${text(port)}${db ? `/${db}` : ""}`;
}

/** `postgres://user:secret@host:5432/db?sslmode=…` → `postgres://host:5432/db`. */
export function withoutCredentials(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === "/" ? "" : u.pathname}`;
  } catch {
    // Not a URL after all: keep nothing that might be a password.
    return "the configured database";
  }
}
