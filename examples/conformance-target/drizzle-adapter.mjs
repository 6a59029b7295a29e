// ADAPTER=drizzle: the store as a Drizzle app has it. The schema module is what
// `gatehouse-auth generate --orm drizzle` writes for this target's plugins, written at start-up (the
// plugins depend on the environment) as JavaScript under node_modules/, where it resolves drizzle-orm,
// and removed at exit. The tables are created by `migrate` (the same tables drizzle-kit creates from the
// module: packages/drizzle/test/drizzle-kit.test.ts), through kysely on the same driver object.
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { drizzleAdapter } from "@gatehouse-auth/drizzle";
import { generateDrizzleSchema, kyselyAdapter } from "@gatehouse-auth/kysely";

const here = dirname(fileURLToPath(import.meta.url));
const METHODS = ["create", "findOne", "findMany", "count", "update", "updateMany", "delete", "deleteMany"];

async function openDrizzle(database, provider, schema) {
  const dir = join(here, "node_modules", ".gatehouse-drizzle");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `schema-${process.pid}-${randomBytes(4).toString("hex")}.mjs`);
  writeFileSync(file, generateDrizzleSchema(schema, provider, { typescript: false }));
  process.once("exit", () => rmSync(file, { force: true }));
  const module = await import(pathToFileURL(file).href);
  const { drizzle } =
    provider === "sqlite"
      ? await import("drizzle-orm/better-sqlite3")
      : provider === "pg"
        ? await import("drizzle-orm/node-postgres")
        : await import("drizzle-orm/mysql2");
  const db =
    provider === "mysql"
      ? drizzle(database, { schema: module, mode: "default" })
      : drizzle(database, { schema: module });
  return drizzleAdapter(db, { provider, schema: module });
}

/**
 * An adapter factory like drizzleAdapter's. createAuth hands it the composed schema synchronously, while
 * the module is imported asynchronously: every call waits for it (it is there before the first request,
 * since the server awaits migrate and ready first).
 */
export function drizzleStoreAdapter(database, provider) {
  return (ctx) => {
    const opened = openDrizzle(database, provider, ctx.schema).then((factory) => factory(ctx));
    opened.catch(() => {}); // reported by the first call that awaits it
    const migrator = kyselyAdapter({ database })(ctx);
    const adapter = { id: "drizzle", migrate: (options) => migrator.migrate(options) };
    for (const name of [...METHODS, "transaction", "ping", "findSchemaGap"])
      adapter[name] = async (...args) => (await opened)[name](...args);
    return adapter;
  };
}
