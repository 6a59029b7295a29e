// Opens the target's store: a fresh in-memory SQLite database, or with DATABASE_URL a fresh
// PostgreSQL schema / MySQL database of its own, dropped again at exit. With `shared` (SHARED_STORE=1)
// the database or schema DATABASE_URL names is used as it is and never dropped, so several targets
// share one store (TARGET.md). ADAPTER=drizzle stores through @gatehouse-auth/drizzle instead of kysely,
// over a Drizzle instance on the same driver object (drizzle-adapter.mjs); ADAPTER=prisma through
// @gatehouse-auth/prisma over a Prisma Client on the same database (prisma-adapter.mjs; on SQLite the
// database is then a temporary file, since Prisma opens its own connection to it).
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { kyselyAdapter } from "@gatehouse-auth/kysely";
import { drizzleStoreAdapter } from "./drizzle-adapter.mjs";
import { prismaStoreAdapter } from "./prisma-adapter.mjs";

const ADAPTER = process.env.ADAPTER ?? "kysely";
if (!["kysely", "drizzle", "prisma"].includes(ADAPTER))
  throw new Error(`ADAPTER must be kysely, drizzle or prisma, got ${ADAPTER}`);

/** The store's adapter over `database` (a better-sqlite3 Database, a pg Pool or a mysql2 pool). */
const storeAdapter = (database, provider, file) =>
  ADAPTER === "drizzle"
    ? drizzleStoreAdapter(database, provider)
    : ADAPTER === "prisma"
      ? prismaStoreAdapter(database, provider, file)
      : kyselyAdapter({ database });

export async function openDatabase(url, { shared = false } = {}) {
  if (shared) {
    if (!url) throw new Error("SHARED_STORE=1 needs DATABASE_URL (a PostgreSQL or MySQL server several targets share)");
    return openShared(url);
  }
  if (!url) {
    const { default: Database } = await import("better-sqlite3");
    if (ADAPTER === "prisma") {
      const file = join(tmpdir(), `gh_conf_${randomBytes(6).toString("hex")}.db`);
      const sqlite = new Database(file);
      const remove = () => {
        for (const f of [file, `${file}-journal`, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
      };
      process.once("exit", remove);
      const close = async () => {
        sqlite.close();
        remove();
      };
      return { adapter: storeAdapter(sqlite, "sqlite", file), close };
    }
    const sqlite = new Database(":memory:");
    return { adapter: storeAdapter(sqlite, "sqlite"), close: async () => sqlite.close() };
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
      adapter: storeAdapter(pool, "pg"),
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
      adapter: storeAdapter(pool, "mysql"),
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
    return { adapter: storeAdapter(pool, "pg"), close: () => pool.end() };
  }
  if (url.startsWith("mysql")) {
    const { default: mysqlCallback } = await import("mysql2");
    const pool = mysqlCallback.createPool({ uri: url, timezone: "Z" });
    return { adapter: storeAdapter(pool, "mysql"), close: () => new Promise((resolve) => pool.end(resolve)) };
  }
  throw new Error(`DATABASE_URL must start with postgres:// or mysql://, got ${url}`);
}
