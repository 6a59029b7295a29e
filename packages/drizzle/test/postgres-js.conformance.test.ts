// The shared adapter suite through Drizzle on postgres.js (drizzle-orm/postgres-js), in a private schema.
import { randomBytes } from "node:crypto";
import { describeDatabase } from "@gatehouse-auth/core";
import { runAdapterConformance } from "@gatehouse-auth/core/adapter-conformance";
import { expect, it } from "vitest";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { PG_URL } from "../../kysely/src/test-databases.js";
import { drizzleAdapter } from "../src/index.js";
import { importGeneratedSchema, migrateWithKysely } from "./open-drizzle.js";
import pg from "pg";

runAdapterConformance("Drizzle on PostgreSQL through postgres.js", async (schema) => {
  const admin = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch (error) {
    if (process.env.CI) throw error;
    return { skip: `PostgreSQL unreachable (${(error as Error).message})` };
  }
  const name = `gh_pgjs_${randomBytes(5).toString("hex")}`;
  await admin.query(`create schema "${name}"`);
  // The tables as `gatehouse-auth migrate` makes them (drizzle-kit's: drizzle-kit.test.ts).
  const pool = new pg.Pool({ connectionString: PG_URL, options: `-c search_path=${name}` });
  await migrateWithKysely(pool, schema);
  await pool.end();
  const sql = postgres(PG_URL, { connection: { search_path: name }, max: 10, onnotice: () => {} });
  const { module } = await importGeneratedSchema(schema, "pg");
  const db = drizzle(sql, { schema: module });
  return {
    adapter: drizzleAdapter(db, { provider: "pg", schema: module })({ schema }),
    async cleanup() {
      await sql.end();
      await admin.query(`drop schema "${name}" cascade`);
      await admin.end();
    },
  };
});

it("log lines name where a postgres.js database is, without credentials", async () => {
  const sql = postgres("postgres://someone:hunter2@127.0.0.1:5432/test", { max: 1 });
  try {
    expect(describeDatabase(sql, "postgres")).toBe("postgres://127.0.0.1:5432/test");
  } finally {
    await sql.end();
  }
});
