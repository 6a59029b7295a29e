// The generated schema module as an app uses it: it type-checks under strict TypeScript, drizzle-kit
// accepts it (`drizzle-kit generate`, offline), and the tables drizzle-kit's SQL creates pass the shared
// adapter suite on all three databases. Each database is private to the run.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Schema } from "@gatehouse-auth/core";
import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { runAdapterConformance } from "@gatehouse-auth/core/adapter-conformance";
import { organization } from "@gatehouse-auth/organization";
import { twoFactor } from "@gatehouse-auth/two-factor";
import { generateDrizzleSchema } from "@gatehouse-auth/kysely";
import Database from "better-sqlite3";
import mysql from "mysql2";
import mysqlPromise from "mysql2/promise";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { MYSQL_URL, PG_URL } from "../../kysely/src/test-databases.js";
import { drizzleAdapter } from "../src/index.js";
import type { DrizzleProvider } from "../src/provider.js";
import { drizzleOver, importGeneratedSchema } from "./open-drizzle.js";

const run = promisify(execFile);
const require = createRequire(import.meta.url);
const here = join(import.meta.dirname, "..");
const OUT = join(here, "test-output");
const KIT_DIALECT: Record<DrizzleProvider, string> = { sqlite: "sqlite", pg: "postgresql", mysql: "mysql" };

/** drizzle-kit generate on the module for `schema`: its SQL statements, in order (no database involved). */
async function drizzleKitSql(schema: Schema, provider: DrizzleProvider): Promise<string[]> {
  const { file } = await importGeneratedSchema(schema, provider);
  const out = join(OUT, `kit-${provider}-${randomBytes(4).toString("hex")}`);
  const bin = join(here, "node_modules", ".bin", "drizzle-kit");
  await run(bin, ["generate", `--dialect=${KIT_DIALECT[provider]}`, `--schema=${file}`, `--out=${out}`], { cwd: here });
  const sqlFile = readdirSync(out).find((f) => f.endsWith(".sql"));
  if (!sqlFile) throw new Error(`drizzle-kit wrote no SQL into ${out}`);
  return readFileSync(join(out, sqlFile), "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);
}

const pluginSchema = () =>
  createAuth({
    secret: "test-secret-0123456789abcdef0123456789",
    database: memoryAdapter(),
    plugins: [organization(), twoFactor()],
  }).$context.schema;

describe("the generated Drizzle schema", () => {
  it("type-checks under strict TypeScript for each dialect (core, organization and two-factor tables, a self-reference)", async () => {
    mkdirSync(OUT, { recursive: true });
    // A table referencing itself needs its column type spelled out in TypeScript (and none in JavaScript).
    const schema: Schema = {
      ...pluginSchema(),
      category: {
        fields: { parentId: { type: "string", required: false, references: { model: "category", field: "id" } } },
      },
    };
    const files = (["sqlite", "pg", "mysql"] as const).map((provider) => {
      const file = join(OUT, `typecheck-${provider}.ts`);
      writeFileSync(file, generateDrizzleSchema(schema, provider));
      return file;
    });
    const js = join(OUT, `self-reference-${randomBytes(4).toString("hex")}.mjs`);
    writeFileSync(js, generateDrizzleSchema(schema, "pg", { typescript: false }));
    const loaded = (await import(js)) as Record<string, unknown>;
    expect(Object.keys(loaded)).toEqual(expect.arrayContaining(["category", "categoryRelations", "user"]));
    const tsc = require.resolve("typescript/bin/tsc");
    const args = ["--noEmit", "--strict", "--skipLibCheck", "--module", "nodenext", "--target", "es2022", ...files];
    const result = await run(process.execPath, [tsc, ...args], { cwd: here }).catch((e) => e);
    expect(`${result.stdout ?? ""}${result.stderr ?? ""}`).toBe("");
  }, 60_000);

  it("has relations a relational query can follow (member → organization and user)", async () => {
    const schema = pluginSchema();
    const { module } = await importGeneratedSchema(schema, "sqlite");
    const sqlite = new Database(":memory:");
    for (const statement of await drizzleKitSql(schema, "sqlite")) sqlite.exec(statement);
    const db = drizzleOver("sqlite", sqlite, module);
    const auth = createAuth({
      secret: "test-secret-0123456789abcdef0123456789",
      database: drizzleAdapter(db, { provider: "sqlite", schema: module }),
      plugins: [organization(), twoFactor()],
    });
    await auth.ready();
    const adapter = auth.$context.adapter;
    const now = new Date();
    await adapter.create({
      model: "user",
      data: { id: "u1", name: "U", email: "u@example.com", emailVerified: false, createdAt: now, updatedAt: now },
    });
    await adapter.create({ model: "organization", data: { id: "o1", name: "O", slug: "o", createdAt: now } });
    await adapter.create({
      model: "member",
      data: { id: "m1", organizationId: "o1", userId: "u1", role: "owner", createdAt: now },
    });
    // biome-ignore lint/suspicious/noExplicitAny: the relational API is typed by the imported module.
    const found = await (db as any).query.member.findFirst({ with: { organization: true, user: true } });
    expect(found.organization.slug).toBe("o");
    expect(found.user.email).toBe("u@example.com");
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    const org = await (db as any).query.organization.findFirst({ with: { members: true } });
    expect(org.members.map((m: { id: string }) => m.id)).toEqual(["m1"]);
    sqlite.close();
  }, 60_000);
});

// The adapter suite on drizzle-kit's tables.
runAdapterConformance("Drizzle on drizzle-kit's SQLite tables", async (schema) => {
  const sqlite = new Database(":memory:");
  for (const statement of await drizzleKitSql(schema, "sqlite")) sqlite.exec(statement);
  const { module } = await importGeneratedSchema(schema, "sqlite");
  const db = drizzleOver("sqlite", sqlite, module);
  return {
    adapter: drizzleAdapter(db, { provider: "sqlite", schema: module })({ schema }),
    cleanup: async () => void sqlite.close(),
  };
});

runAdapterConformance("Drizzle on drizzle-kit's PostgreSQL tables", async (schema) => {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    if (process.env.CI) throw error;
    return { skip: `PostgreSQL unreachable (${(error as Error).message})` };
  }
  const name = `gh_kit_${randomBytes(5).toString("hex")}`;
  await admin.query(`create schema "${name}"`);
  const pool = new pg.Pool({ connectionString: PG_URL, options: `-c search_path=${name}`, max: 10 });
  // drizzle-kit names the "public" schema in foreign keys; this run's tables live in a private one.
  for (const statement of await drizzleKitSql(schema, "pg")) await pool.query(statement.replaceAll(`"public".`, ""));
  const { module } = await importGeneratedSchema(schema, "pg");
  const db = drizzleOver("pg", pool, module);
  return {
    adapter: drizzleAdapter(db, { provider: "pg", schema: module })({ schema }),
    async cleanup() {
      await pool.end();
      await admin.query(`drop schema "${name}" cascade`);
      await admin.end();
    },
  };
});

runAdapterConformance("Drizzle on drizzle-kit's MariaDB tables", async (schema) => {
  let admin: mysqlPromise.Connection;
  try {
    admin = await mysqlPromise.createConnection({ uri: MYSQL_URL, connectTimeout: 2000 });
  } catch (error) {
    if (process.env.CI) throw error;
    return { skip: `MySQL unreachable (${(error as Error).message})` };
  }
  const name = `gh_kit_${randomBytes(5).toString("hex")}`;
  // As docs/drizzle.md asks: a binary collation, so ids, tokens and e-mails compare byte for byte.
  await admin.query(`create database \`${name}\` character set utf8mb4 collate utf8mb4_bin`);
  const url = new URL(MYSQL_URL);
  url.pathname = `/${name}`;
  const pool = mysql.createPool({ uri: url.toString(), timezone: "Z", connectionLimit: 10 });
  for (const statement of await drizzleKitSql(schema, "mysql")) await pool.promise().query(statement);
  const { module } = await importGeneratedSchema(schema, "mysql");
  const db = drizzleOver("mysql", pool, module);
  return {
    adapter: drizzleAdapter(db, { provider: "mysql", schema: module })({ schema }),
    async cleanup() {
      await new Promise<void>((resolve) => pool.end(() => resolve()));
      await admin.query(`drop database \`${name}\``);
      await admin.end();
    },
  };
});
