// Test helper (not exported): a private, empty database per test run on each real server, so
// parallel runs never collide, and a one-line reason when a server is not there.
import { randomBytes } from "node:crypto";
import { userInfo } from "node:os";
import Database from "better-sqlite3";
import mysql from "mysql2";
import mysqlPromise from "mysql2/promise";
import pg from "pg";
import { afterAll, beforeAll, it } from "vitest";

export const PG_URL = process.env.GATEHOUSE_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export const MYSQL_URL = process.env.GATEHOUSE_TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306/test";

export interface TestDatabase {
  database: unknown;
  cleanup(): Promise<void>;
}

// On CI the servers must be there: a skip would hide a broken adapter behind a green run.
function unreachable(reason: string): { skip: string } {
  if (process.env.CI) throw new Error(`${reason} — CI requires it (.ci/run starts it)`);
  return { skip: reason };
}

const uniqueName = () => `gh_test_${randomBytes(5).toString("hex")}`;

export function openSqlite(): TestDatabase {
  const db = new Database(":memory:");
  return { database: db, cleanup: async () => void db.close() };
}

// Servers set up with trust auth have either a "postgres" role or one named after the OS user.
const pgCandidates = process.env.GATEHOUSE_TEST_PG_URL
  ? [PG_URL]
  : [PG_URL, `postgres://${encodeURIComponent(userInfo().username)}@127.0.0.1:5432/test`];
let pgUrl: string | undefined;

/** A fresh schema on the PostgreSQL server, on the pool's search path; `{ skip }` when unreachable. */
export async function openPostgres(): Promise<TestDatabase | { skip: string }> {
  let admin: pg.Client | undefined;
  let lastError: unknown;
  for (const url of pgUrl ? [pgUrl] : pgCandidates) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      admin = client;
      pgUrl = url;
      break;
    } catch (err) {
      lastError = err;
      await client.end().catch(() => {});
    }
  }
  if (!admin || !pgUrl) return unreachable(`PostgreSQL unreachable at ${PG_URL} (${(lastError as Error).message})`);
  const url = pgUrl;
  const schema = uniqueName();
  await admin.query(`create schema "${schema}"`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 10 });
  return {
    database: pool,
    async cleanup() {
      await pool.end();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema "${schema}" cascade`);
      await c.end();
    },
  };
}

/** A fresh database on the MySQL/MariaDB server; `{ skip }` when unreachable. */
export async function openMysql(): Promise<TestDatabase | { skip: string }> {
  let admin: mysqlPromise.Connection;
  try {
    admin = await mysqlPromise.createConnection({ uri: MYSQL_URL, connectTimeout: 2000 });
  } catch (err) {
    return unreachable(`MySQL unreachable at ${MYSQL_URL} (${(err as Error).message})`);
  }
  const name = uniqueName();
  await admin.query(`create database \`${name}\``);
  await admin.end();
  const url = new URL(MYSQL_URL);
  url.pathname = `/${name}`;
  const pool = mysql.createPool({ uri: url.toString(), timezone: "Z", connectionLimit: 10 });
  return {
    database: pool,
    async cleanup() {
      await new Promise<void>((resolve) => pool.end(() => resolve()));
      const c = await mysqlPromise.createConnection({ uri: MYSQL_URL });
      await c.query(`drop database \`${name}\``);
      await c.end();
    },
  };
}

/** The three real databases the SQL suites run on, by name. */
export const testDatabases: [string, () => Promise<TestDatabase | { skip: string }>][] = [
  ["SQLite", async () => openSqlite()],
  ["PostgreSQL", openPostgres],
  ["MySQL", openMysql],
];

/**
 * One suite's database: opened before its tests (with a one-line notice, and every test skipped, when
 * the server is not there), `prepare`d once, dropped after them. `test` runs only when it opened.
 * `prepareTimeout` is for suites that seed many rows on the shared servers.
 */
export function useTestDatabase(
  label: string,
  open: () => Promise<TestDatabase | { skip: string }>,
  prepare: (database: unknown) => Promise<unknown>,
  prepareTimeout = 60_000,
) {
  let opened: TestDatabase | { skip: string } = { skip: "not opened" };
  beforeAll(async () => {
    opened = await open();
    if ("skip" in opened) {
      console.warn(`[gatehouse] ${label} skipped: ${opened.skip}`);
      return;
    }
    await prepare(opened.database);
  }, prepareTimeout);
  afterAll(async () => {
    if (!("skip" in opened)) await opened.cleanup();
  });
  return {
    /** The driver object (only inside a test or `prepare`). */
    database: () => (opened as TestDatabase).database,
    test: (title: string, fn: () => Promise<void>, timeout?: number) =>
      it(
        title,
        async (ctx) => {
          if ("skip" in opened) return ctx.skip();
          await fn();
        },
        timeout,
      ),
  };
}
