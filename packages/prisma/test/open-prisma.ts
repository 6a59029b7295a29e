// Test helper (not exported): a Prisma Client generated (`prisma generate`, offline) from the models
// `generate --orm prisma` writes, over a private database per run on each real server whose tables
// `gatehouse-auth migrate` created (the tables prisma migrate would create cannot be made here: its
// schema engine is a binary download, docs/prisma.md).
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Schema } from "@gatehouse-auth/core";
import { kyselyAdapter, writePrismaSchema } from "@gatehouse-auth/kysely";
import type { PrismaProvider } from "@gatehouse-auth/kysely";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaMariaDb } from "@prisma/adapter-mariadb";
import { PrismaPg } from "@prisma/adapter-pg";
import Database from "better-sqlite3";
import mysqlPromise from "mysql2/promise";
import mysql from "mysql2";
import { MYSQL_URL, openPostgres } from "../../kysely/src/test-databases.js";

const run = promisify(execFile);
const here = join(import.meta.dirname, "..");
const OUT = join(here, "test-output");

/**
 * `prisma generate` needs no engine, but the CLI looks for the schema engine binary before any command
 * and would download it: pointing it at a path makes it skip that (generate never runs it).
 */
export const OFFLINE_ENV = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: "/bin/false",
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
};

/** Runs the Prisma CLI of this package in `cwd`. */
export async function prismaCli(args: string[], cwd: string) {
  return run(join(here, "node_modules", ".bin", "prisma"), args, { cwd, env: OFFLINE_ENV });
}

/**
 * The generated client for `schema` on `provider`, generated once per schema (the output directory is
 * named by a hash of the schema file, filled under another name and renamed, so parallel runs share it).
 */
export async function generatedClient(schema: Schema, provider: PrismaProvider) {
  const text = writePrismaSchema(undefined, schema, provider).replace(
    'output   = "../src/generated/prisma"',
    'output   = "./client"',
  );
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 12);
  const dir = join(OUT, `prisma-${provider}-${hash}`);
  if (!existsSync(join(dir, "client", "client.ts"))) {
    const tmp = join(tmpdir(), `gh-prisma-${randomBytes(4).toString("hex")}`);
    mkdirSync(tmp, { recursive: true });
    writeFileSync(join(tmp, "schema.prisma"), text);
    writeFileSync(join(tmp, "prisma.config.mjs"), 'export default { schema: "schema.prisma" };\n');
    await prismaCli(["generate"], tmp);
    mkdirSync(OUT, { recursive: true });
    try {
      renameSync(tmp, dir);
    } catch {
      rmSync(tmp, { recursive: true, force: true }); // another run got there first
    }
  }
  // biome-ignore lint/suspicious/noExplicitAny: the generated client's type depends on the schema.
  const module = (await import(join(dir, "client", "client.ts"))) as { PrismaClient: new (o: object) => any };
  return module.PrismaClient;
}

export interface OpenedPrisma {
  // biome-ignore lint/suspicious/noExplicitAny: a generated PrismaClient.
  prisma: any;
  provider: PrismaProvider;
  cleanup(): Promise<void>;
}

/** Gatehouse's tables as `gatehouse-auth migrate` creates them. */
async function migrate(database: unknown, schema: Schema) {
  await kyselyAdapter({ database })({ schema }).migrate?.();
}

export async function openSqlitePrisma(schema: Schema): Promise<OpenedPrisma> {
  mkdirSync(OUT, { recursive: true });
  const file = join(OUT, `sqlite-${randomBytes(5).toString("hex")}.db`);
  const raw = new Database(file);
  await migrate(raw, schema);
  raw.close();
  const PrismaClient = await generatedClient(schema, "sqlite");
  const prisma = new PrismaClient({
    adapter: new PrismaBetterSqlite3({ url: file }, { timestampFormat: "unixepoch-ms" }),
  });
  return {
    prisma,
    provider: "sqlite",
    async cleanup() {
      await prisma.$disconnect();
      for (const f of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) rmSync(f, { force: true });
    },
  };
}

export async function openPostgresPrisma(schema: Schema): Promise<OpenedPrisma | { skip: string }> {
  const opened = await openPostgres();
  if ("skip" in opened) return opened;
  await migrate(opened.database, schema);
  const PrismaClient = await generatedClient(schema, "postgresql");
  // The pool's connections have the run's schema on their search path.
  const prisma = new PrismaClient({ adapter: new PrismaPg(opened.database as never) });
  return {
    prisma,
    provider: "postgresql",
    async cleanup() {
      await prisma.$disconnect();
      await opened.cleanup();
    },
  };
}

export async function openMariadbPrisma(schema: Schema): Promise<OpenedPrisma | { skip: string }> {
  let admin: mysqlPromise.Connection;
  try {
    admin = await mysqlPromise.createConnection({ uri: MYSQL_URL, connectTimeout: 2000 });
  } catch (error) {
    if (process.env.CI) throw error;
    return { skip: `MySQL unreachable (${(error as Error).message})` };
  }
  const name = `gh_prisma_${randomBytes(5).toString("hex")}`;
  // As docs/prisma.md asks: a binary collation, so ids, tokens and e-mails compare byte for byte.
  await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_bin`);
  const url = new URL(MYSQL_URL);
  url.pathname = `/${name}`;
  const pool = mysql.createPool({ uri: url.toString(), timezone: "Z", connectionLimit: 2 });
  await migrate(pool, schema);
  await new Promise<void>((resolve) => pool.end(() => resolve()));
  const PrismaClient = await generatedClient(schema, "mysql");
  const prisma = new PrismaClient({
    adapter: new PrismaMariaDb({
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password) || undefined,
      database: name,
      connectionLimit: 10,
    }),
  });
  return {
    prisma,
    provider: "mysql",
    async cleanup() {
      await prisma.$disconnect();
      await admin.query(`drop database \`${name}\``);
      await admin.end();
    },
  };
}

export const providers = [
  ["SQLite", openSqlitePrisma],
  ["PostgreSQL", openPostgresPrisma],
  ["MariaDB", openMariadbPrisma],
] as const;
