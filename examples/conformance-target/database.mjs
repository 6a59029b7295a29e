// Opens the target's store: a fresh in-memory SQLite database, or with DATABASE_URL a fresh
// PostgreSQL schema / MySQL database of its own, dropped again at exit. With `shared` (SHARED_STORE=1)
// the database or schema DATABASE_URL names is used as it is and never dropped, so several targets
// share one store (TARGET.md).
import { randomBytes } from "node:crypto";
import { kyselyAdapter } from "@gatehouse/kysely";

export async function openDatabase(url, { shared = false } = {}) {
  if (shared) {
    if (!url) throw new Error("SHARED_STORE=1 needs DATABASE_URL (a PostgreSQL or MySQL server several targets share)");
    return openShared(url);
  }
  if (!url) {
    const { default: Database } = await import("better-sqlite3");
    const sqlite = new Database(":memory:");
    return { adapter: kyselyAdapter({ database: sqlite }), close: async () => sqlite.close() };
  }
  const name = `gh_conf_${randomBytes(6).toString("hex")}`;
  if (url.startsWith("postgres")) {
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${name}"`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${name}` });
    return {
      adapter: kyselyAdapter({ database: pool }),
      close: async () => {
        await pool.end();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP SCHEMA "${name}" CASCADE`);
        await c.end();
      },
    };
  }
  if (url.startsWith("mysql")) {
    const mysql = await import("mysql2/promise");
    // The adapter drives mysql2's callback pool (the one kysely's dialect expects).
    const { default: mysqlCallback } = await import("mysql2");
    const admin = await mysql.createConnection(url);
    await admin.query(`CREATE DATABASE \`${name}\``);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const pool = mysqlCallback.createPool({ uri: u.toString(), timezone: "Z" });
    return {
      adapter: kyselyAdapter({ database: pool }),
      close: async () => {
        await new Promise((resolve) => pool.end(resolve));
        const c = await mysql.createConnection(url);
        await c.query(`DROP DATABASE \`${name}\``);
        await c.end();
      },
    };
  }
  throw new Error(`DATABASE_URL must start with postgres:// or mysql://, got ${url}`);
}

// `postgres://…/db?schema=name` puts that schema first on the search path; otherwise the server's
// default applies. A MySQL URL names its database in the path.
async function openShared(url) {
  if (url.startsWith("postgres")) {
    const { default: pg } = await import("pg");
    const u = new URL(url);
    const schema = u.searchParams.get("schema");
    u.searchParams.delete("schema");
    if (schema && !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) throw new Error(`bad schema name ${schema}`);
    const pool = new pg.Pool({
      connectionString: u.toString(),
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    return { adapter: kyselyAdapter({ database: pool }), close: () => pool.end() };
  }
  if (url.startsWith("mysql")) {
    const { default: mysqlCallback } = await import("mysql2");
    const pool = mysqlCallback.createPool({ uri: url, timezone: "Z" });
    return { adapter: kyselyAdapter({ database: pool }), close: () => new Promise((resolve) => pool.end(resolve)) };
  }
  throw new Error(`DATABASE_URL must start with postgres:// or mysql://, got ${url}`);
}
