// ADAPTER=prisma: the store as a Prisma app has it. The models are what `gatehouse-auth generate --orm
// prisma` writes for this target's plugins; the client is made from them by `prisma generate` (offline:
// docs/prisma.md) into node_modules/.gatehouse-prisma/<hash of the schema>, once per schema and kept
// (a target started again with the same plugins reuses it). The tables are created by `migrate` through
// kysely on the same database (prisma migrate needs a binary this machine cannot download).
import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { kyselyAdapter, writePrismaSchema } from "@gatehouse-auth/kysely";
import { prismaAdapter } from "@gatehouse-auth/prisma";

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const METHODS = ["create", "findOne", "findMany", "count", "update", "updateMany", "delete", "deleteMany"];
const PROVIDER = { sqlite: "sqlite", pg: "postgresql", mysql: "mysql" };

/** The generated client for `schema`, generated now if no earlier start made it. */
async function generatedClient(schema, provider) {
  const text = writePrismaSchema(undefined, schema, provider)
    .replace('provider = "prisma-client"', 'provider = "prisma-client-js"')
    .replace('output   = "../src/generated/prisma"', 'output   = "./client"');
  const hash = createHash("sha256").update(text).digest("hex").slice(0, 16);
  const dir = join(here, "node_modules", ".gatehouse-prisma", hash);
  if (!existsSync(join(dir, "client", "index.js"))) {
    const tmp = `${dir}-${process.pid}-${randomBytes(4).toString("hex")}`;
    mkdirSync(tmp, { recursive: true });
    writeFileSync(join(tmp, "schema.prisma"), text);
    writeFileSync(join(tmp, "prisma.config.mjs"), 'export default { schema: "schema.prisma" };\n');
    const cli = join(dirname(require.resolve("prisma/package.json")), "build", "index.js");
    // generate runs no engine; naming one stops the CLI from trying to download the schema engine.
    await promisify(execFile)(process.execPath, [cli, "generate"], {
      cwd: tmp,
      env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: "/bin/false", PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    });
    try {
      renameSync(tmp, dir);
    } catch {
      rmSync(tmp, { recursive: true, force: true }); // another target made it first
    }
  }
  return require(join(dir, "client", "index.js")).PrismaClient;
}

async function driverAdapter(provider, database, file) {
  if (provider === "sqlite") {
    const { PrismaBetterSqlite3 } = await import("@prisma/adapter-better-sqlite3");
    return new PrismaBetterSqlite3({ url: file }, { timestampFormat: "unixepoch-ms" });
  }
  if (provider === "pg") {
    const { PrismaPg } = await import("@prisma/adapter-pg");
    return new PrismaPg(database);
  }
  const { PrismaMariaDb } = await import("@prisma/adapter-mariadb");
  const config = database.config.connectionConfig;
  return new PrismaMariaDb({
    host: config.host,
    port: config.port,
    user: config.user,
    password: config.password || undefined,
    database: config.database,
    connectionLimit: 10,
  });
}

/**
 * An adapter factory like prismaAdapter's over a PrismaClient on the same database as `database` (for
 * SQLite, the database file `file`). createAuth hands it the schema synchronously, while the client is
 * made asynchronously: every call waits for it (there before the first request: the server awaits
 * migrate and ready first).
 */
export function prismaStoreAdapter(database, provider, file) {
  return (ctx) => {
    const opened = (async () => {
      const PrismaClient = await generatedClient(ctx.schema, PROVIDER[provider]);
      const client = new PrismaClient({ adapter: await driverAdapter(provider, database, file) });
      return prismaAdapter(client)(ctx);
    })();
    opened.catch(() => {}); // reported by the first call that awaits it
    const migrator = kyselyAdapter({ database })(ctx);
    const adapter = { id: "prisma", migrate: (options) => migrator.migrate(options) };
    for (const name of [...METHODS, "transaction", "ping", "findSchemaGap"])
      adapter[name] = async (...args) => (await opened)[name](...args);
    return adapter;
  };
}
