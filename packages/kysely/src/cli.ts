#!/usr/bin/env node
// gatehouse-auth migrate | generate | cleanup | init | doctor | create-admin | secret — see docs/cli.md.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createAuth, createCoreSchema, memoryAdapter } from "@gatehouse-auth/core";
import type { Adapter, AuthOptions, CleanupResult, Schema } from "@gatehouse-auth/core";
import { sql } from "./kysely-runtime.js";
import { CREATE_ADMIN_USAGE, createAdmin } from "./cli-create-admin.js";
import { DOCTOR_USAGE, doctor } from "./cli-doctor.js";
import { INIT_USAGE, init } from "./cli-init.js";
import { readProcessStdin } from "./cli-io.js";
import { generateSecret } from "./cli-secret.js";
import { connect } from "./connect.js";
import { createDatabaseFromUrl } from "./create-database-from-url.js";
import type { SqlDialect } from "./dialect.js";
import { CONFIG_CANDIDATES, findConfig } from "./find-config.js";
import { importConfig } from "./import-config.js";
import { DRIZZLE_HEADER, generateDrizzleSchema } from "./generate-drizzle-schema.js";
import type { DrizzleDialect } from "./generate-drizzle-schema.js";
import { writePrismaSchema } from "./generate-prisma-schema.js";
import type { PrismaProvider } from "./generate-prisma-schema.js";
import { kyselyAdapter } from "./kysely-adapter.js";
import { generateSql } from "./migrations/generate-sql.js";
import { runMigrations } from "./migrations/run-migrations.js";

const USAGE = `Usage:
  gatehouse-auth migrate  [--config <module>] [--url <database url>] [--dry-run]
  gatehouse-auth generate --dialect <sqlite|postgres|mysql> [--config <module>]
  gatehouse-auth generate --orm drizzle [--dialect <sqlite|pg|mysql>] [--output <file>] [--config <module>]
  gatehouse-auth generate --orm prisma [--dialect <sqlite|postgresql|mysql>] [--output <schema.prisma>] [--config <module>]
  gatehouse-auth cleanup  [--config <module>] [--url <database url>] [--batch-size <rows>]
${INIT_USAGE.split("\n\n")[0]}
${DOCTOR_USAGE.split("\n\n")[0]}
${CREATE_ADMIN_USAGE.split("\n\n")[0]}
  gatehouse-auth secret

${INIT_USAGE.split("\n\n")[1]}

${DOCTOR_USAGE.split("\n\n")[1]}

${CREATE_ADMIN_USAGE.split("\n\n")[1]}

  secret     prints a new random value for GATEHOUSE_SECRET (32 bytes, base64url).

  cleanup    deletes expired sessions, verification records, spent rate-limit counters and
             the expired rows of your plugins (audit events past retention, expired API keys),
             1,000 rows per statement (--batch-size, 1..10000), and prints a count per table.
             Safe to run from several machines at once; schedule it (cron, a Kubernetes
             CronJob), e.g. hourly. It needs your auth module: the plugins' rules and the
             rate-limit windows come from it.

  --config   your auth module: its default (or \`auth\`) export is the createAuth() result or its
             options, so plugin tables and additional fields are included. Without it, the first
             of ${CONFIG_CANDIDATES.slice(0, 9).join(", ")}, … in the
             current directory; with none found, only the core schema (and a warning).
             TypeScript needs Node 22.6+ (--experimental-strip-types) or a loader such as tsx.
  --url      postgres://…, mysql://…, mariadb://…, sqlite:path or a SQLite file path (or
             DATABASE_URL). Without it, migrate (and --dry-run) uses the database of the
             config's auth.
  --connect-timeout  seconds to wait for the database server (default 10)
  --debug    print the stack trace of an error
  --dry-run  print what migrate would run, change nothing
  --orm      what generate writes: sql (CREATE statements, the default) or drizzle (Drizzle table
             definitions with indexes and relations, for drizzleAdapter and drizzle-kit); the
             drizzle dialect defaults to the one of --url or DATABASE_URL; or prisma (models with
             relations and indexes written between "// gatehouse:begin" and "// gatehouse:end" in
             prisma/schema.prisma or --output; the rest of the file is left as it is; the provider
             defaults to the file's datasource)
  --output   write the generated code to this file (a file generate wrote before is replaced;
             any other existing file is left alone) instead of printing it; a .js/.mjs file
             gets JavaScript, anything else TypeScript`;

/** The schema to migrate, and the config's own adapter when the module exported a built auth. */
interface LoadedConfig {
  schema: Schema;
  /** Where the schema came from, for the user to see. */
  source: string;
  /** The app's adapter (migrate without --url), built only on request: it opens the app's database. */
  adapter?: () => Adapter;
  /**
   * Runs the app's cleanup job: on the given database (--url, options configs only), else the app's own.
   * Absent without a config.
   */
  cleanup?: (database: unknown, batchSize: number) => Promise<CleanupResult>;
  /** The config exports a built auth: it cleans its own database, never another. */
  builtAuth?: boolean;
}

/** What `auth.api.cleanup` is, seen from here. */
type CleanupCall = (input: { body: { batchSize: number } }) => Promise<CleanupResult>;

/**
 * The schema to migrate: the core tables, or everything a config module's auth knows about (plugins,
 * additional fields). The module's default (or `auth`) export is either the `createAuth()` result or
 * the options object passed to it; options are built with an in-memory database, because only the
 * composed schema is needed here.
 */
export async function loadConfig(config: string | undefined): Promise<LoadedConfig> {
  if (!config) return { schema: createCoreSchema(), source: "the core schema" };
  const mod = await importConfig(config);
  const exported = mod.auth ?? mod.default;
  if (!exported || typeof exported !== "object")
    throw new Error(`${config} must export createAuth()'s result or its options (as default or as "auth")`);
  if ("$context" in exported) {
    // Awaiting covers a context that is (or becomes) a promise.
    const context = (await (exported as { $context: unknown }).$context) as
      | { schema?: Schema; adapter?: Adapter }
      | undefined;
    if (!context?.schema) throw new Error(`${config}: auth.$context has no schema`);
    const adapter = context.adapter;
    const api = (exported as { api?: { cleanup?: CleanupCall } }).api;
    return {
      schema: context.schema,
      source: config,
      adapter: adapter ? () => adapter : undefined,
      builtAuth: true,
      cleanup: async (_database, batchSize) => {
        if (!api?.cleanup) throw new Error(`${config}: auth.api.cleanup is missing (an older @gatehouse-auth/core?)`);
        return api.cleanup({ body: { batchSize } });
      },
    };
  }
  const options = exported as AuthOptions;
  const secret = options.secret || PLACEHOLDER_SECRET;
  const auth = createAuth({ ...options, database: memoryAdapter(), secret, logger: QUIET });
  return {
    schema: auth.$context.schema,
    source: config,
    adapter: () => createAuth({ ...options, secret, logger: QUIET }).$context.adapter,
    cleanup: (database, batchSize) => {
      const app = createAuth({
        ...options,
        secret,
        logger: QUIET,
        // The interval timer is the app's; this process runs the job once.
        cleanup: {},
        ...(database === undefined ? {} : { database: kyselyAdapter({ database }) }),
      });
      return app.api.cleanup({ body: { batchSize } });
    },
  };
}

// Only the schema is read from an auth built by the CLI; nothing is ever signed with this.
const PLACEHOLDER_SECRET = "gatehouse-cli-schema-only-placeholder-secret";
const QUIET = { error: () => {}, warn: () => {} };

/** Rejects with `message` when `promise` has not settled within `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The URL without its password, for messages. */
function redact(url: string): string {
  if (!URL.canParse(url)) return url;
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.href;
}

/** The CLI without its error policy: throws on failure (see runCli). */
export async function main(
  argv: string[],
  out: (line: string) => void = console.log,
  warn: (line: string) => void = console.error,
  cwd: string = process.cwd(),
  readStdin: () => Promise<string> = readProcessStdin,
): Promise<number> {
  // The app commands take their own flags (parseArgs below refuses unknown ones).
  const io = { out, warn, cwd, readStdin };
  const [first, ...rest] = argv;
  if (first === "secret") {
    if (rest.length > 0) throw new Error("secret takes no arguments");
    out(generateSecret());
    return 0;
  }
  if (first === "init")
    return init(rest, io, process.stdin.isTTY === true && !rest.includes("--yes") && !rest.includes("-y"));
  if (first === "doctor" || first === "create-admin") {
    const given = parseArgs({ args: rest, options: { config: { type: "string" } }, strict: false }).values.config;
    const found = typeof given === "string" ? given : (findConfig(cwd) ?? undefined);
    if (found !== undefined && typeof given !== "string") warn(`gatehouse: using ${found}`);
    const file = found === undefined ? undefined : resolve(cwd, found);
    if (first === "doctor") return doctor(rest, io, file);
    if (!file) throw new Error("create-admin needs your auth module (--config): the user goes into its database");
    return createAdmin(rest, io, file);
  }
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: "string" },
      dialect: { type: "string" },
      orm: { type: "string" },
      output: { type: "string" },
      config: { type: "string" },
      "connect-timeout": { type: "string" },
      "dry-run": { type: "boolean" },
      "batch-size": { type: "string" },
      debug: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    out(USAGE);
    return command || values.help ? 0 : 1;
  }
  if (command !== "generate" && command !== "migrate" && command !== "cleanup")
    throw new Error(
      `unknown command "${command}" (migrate, generate, cleanup, init, doctor, create-admin or secret; --help shows the usage)`,
    );
  const batchSize = Number(values["batch-size"] ?? 1000);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000)
    throw new Error("--batch-size takes a whole number of rows, 1 to 10000");
  const orm = values.orm ?? "sql";
  if (orm !== "sql" && orm !== "drizzle" && orm !== "prisma")
    throw new Error(`Unknown --orm "${orm}" (sql, drizzle or prisma)`);
  if (command === "migrate" && (values.orm || values.output))
    throw new Error("--orm and --output are options of generate (migrate runs the SQL itself)");
  const drizzleDialect =
    orm === "drizzle" ? drizzleDialectOf(values.dialect, values.url ?? process.env.DATABASE_URL) : null;
  if (drizzleDialect && values.output) refuseForeignOutput(resolve(cwd, values.output));
  const dialect = values.dialect as SqlDialect | undefined;
  // Prisma: the app's schema.prisma (prisma/schema.prisma by default), its models block rewritten in place.
  const prismaFile = orm === "prisma" ? resolve(cwd, values.output ?? join("prisma", "schema.prisma")) : null;
  const prismaExisting = prismaFile && existsSync(prismaFile) ? readFileSync(prismaFile, "utf8") : undefined;
  const prismaProvider =
    orm === "prisma" ? prismaProviderOf(values.dialect, prismaExisting, values.url ?? process.env.DATABASE_URL) : null;
  if (command === "generate" && !drizzleDialect && !prismaProvider) {
    // Checked before the config is looked for, so a typo is the one line the user sees.
    if (!dialect) throw new Error("generate needs --dialect sqlite|postgres|mysql");
    if (!["sqlite", "postgres", "mysql"].includes(dialect))
      throw new Error(`Unknown dialect "${dialect}" (sqlite, postgres or mysql)`);
  }
  const timeoutSeconds = Number(values["connect-timeout"] ?? 10);
  if (!(timeoutSeconds > 0)) throw new Error("--connect-timeout takes a number of seconds");
  const found = values.config ?? findConfig(cwd) ?? undefined;
  const config = await loadConfig(found === undefined ? undefined : resolve(cwd, found));
  // Said once the database answered, so a bad URL or a dead server is the one line the user sees.
  const sayWhichSchema = () => {
    if (found === undefined) {
      warn(
        `gatehouse: no config found (${CONFIG_CANDIDATES.slice(0, 9).join(", ")}, …): using the core schema only. Plugin tables and additional fields need --config <your auth module>.`,
      );
    } else if (!values.config) {
      warn(`gatehouse: using ${found}`);
    }
  };
  if (command === "generate" && prismaFile && prismaProvider) {
    sayWhichSchema();
    const written = writePrismaSchema(prismaExisting, config.schema, prismaProvider);
    if (written === prismaExisting) {
      warn(`gatehouse: ${relative(cwd, prismaFile) || prismaFile} is up to date`);
      return 0;
    }
    mkdirSync(dirname(prismaFile), { recursive: true });
    writeFileSync(prismaFile, written);
    warn(
      `gatehouse: wrote Gatehouse's models into ${relative(cwd, prismaFile) || prismaFile}; now run \`npx prisma generate\` (and create the tables: docs/prisma.md)`,
    );
    return 0;
  }
  if (command === "generate") {
    sayWhichSchema();
    const code = drizzleDialect
      ? generateDrizzleSchema(config.schema, drizzleDialect, {
          typescript: !/\.[cm]?js$/.test(values.output ?? ""),
        })
      : generateSql(config.schema, dialect as SqlDialect);
    if (values.output) {
      writeFileSync(resolve(cwd, values.output), code.endsWith("\n") ? code : `${code}\n`);
      warn(`gatehouse: wrote ${values.output}`);
    } else out(code);
    return 0;
  }
  const dryRun = values["dry-run"] === true;
  const url = values.url ?? process.env.DATABASE_URL;
  const ms = timeoutSeconds * 1000;
  if (command === "cleanup") {
    if (!config.cleanup)
      throw new Error(
        "cleanup needs your auth module (--config): the plugins' expiring tables and the rate-limit windows come from it",
      );
    if (dryRun) throw new Error("cleanup has no --dry-run");
    sayWhichSchema();
    if (config.builtAuth && values.url)
      throw new Error(
        `${found} exports a built auth, which cleans its own database: drop --url, or export its options`,
      );
    // DATABASE_URL is often set for the app itself; a built auth cleans the database its config names.
    return cleanup(config.cleanup, config.builtAuth ? undefined : url, batchSize, ms, out);
  }
  if (!url) {
    if (!config.adapter)
      throw new Error("migrate needs --url (or DATABASE_URL), or a --config whose auth has a database");
    sayWhichSchema();
    const adapter = config.adapter();
    if (!adapter.migrate)
      throw new Error(
        `the database in ${found} has no migrations (the memory adapter?): pass --url to migrate a SQL database`,
      );
    // The app's own adapter plans against its own database: --dry-run needs no --url.
    const { statements } = await withTimeout(
      adapter.migrate({ dryRun }),
      Math.max(ms, 60_000),
      `the database of ${found} did not answer within ${Math.max(timeoutSeconds, 60)} s`,
    );
    report(statements, dryRun, out);
    return 0;
  }
  const opened = await createDatabaseFromUrl(url, { connectTimeoutMs: ms });
  try {
    const { db, dialect } = connect({ database: opened.database });
    try {
      await withTimeout(sql`select 1`.execute(db), ms + 1000, `timed out after ${timeoutSeconds} s`);
    } catch (error) {
      throw new Error(`cannot reach ${redact(url)}: ${(error as Error).message}`);
    }
    sayWhichSchema();
    const { statements } = await runMigrations(db, dialect, config.schema, { dryRun });
    report(statements, dryRun, out);
  } finally {
    // A pool stuck on an unanswering server may never end: exiting must not wait for it.
    await withTimeout(opened.close(), 1000, "close").catch(() => {});
  }
  return 0;
}

/** generate --orm drizzle's dialect: --dialect (pg, with postgres and postgresql as its aliases), else the URL's. */
function drizzleDialectOf(given: string | undefined, url: string | undefined): DrizzleDialect {
  const aliases: Record<string, DrizzleDialect> = {
    sqlite: "sqlite",
    pg: "pg",
    postgres: "pg",
    postgresql: "pg",
    mysql: "mysql",
    mariadb: "mysql",
  };
  if (given !== undefined) {
    const dialect = aliases[given];
    if (!dialect) throw new Error(`Unknown dialect "${given}" (sqlite, pg or mysql)`);
    return dialect;
  }
  const scheme = url && /^([a-z]+):/.exec(url)?.[1];
  const fromUrl = scheme ? aliases[scheme] : url ? "sqlite" : undefined;
  if (!fromUrl) throw new Error("generate --orm drizzle needs --dialect sqlite|pg|mysql (or --url / DATABASE_URL)");
  return fromUrl;
}

/**
 * generate --orm prisma's provider: --dialect, else the datasource of the schema file being written
 * into, else the URL's scheme.
 */
function prismaProviderOf(
  given: string | undefined,
  existing: string | undefined,
  url: string | undefined,
): PrismaProvider {
  const aliases: Record<string, PrismaProvider> = {
    sqlite: "sqlite",
    file: "sqlite",
    pg: "postgresql",
    postgres: "postgresql",
    postgresql: "postgresql",
    mysql: "mysql",
    mariadb: "mysql",
  };
  if (given !== undefined) {
    const provider = aliases[given];
    if (!provider) throw new Error(`Unknown dialect "${given}" (sqlite, postgresql or mysql)`);
    return provider;
  }
  const declared = existing && /datasource\s+\w+\s*\{[^}]*provider\s*=\s*"(\w+)"/.exec(existing)?.[1];
  if (declared) {
    const provider = aliases[declared];
    if (!provider)
      throw new Error(
        `the schema's datasource provider "${declared}" is not one Gatehouse supports (sqlite, postgresql, mysql)`,
      );
    return provider;
  }
  const scheme = url && /^([a-z]+):/.exec(url)?.[1];
  const fromUrl = scheme ? aliases[scheme] : undefined;
  if (!fromUrl)
    throw new Error(
      "generate --orm prisma needs --dialect sqlite|postgresql|mysql (or a schema with a datasource, or DATABASE_URL)",
    );
  return fromUrl;
}

/** --output may replace a file generate wrote, never the app's own schema file named by mistake. */
function refuseForeignOutput(file: string): void {
  if (!existsSync(file)) return;
  if (readFileSync(file, "utf8").startsWith(DRIZZLE_HEADER)) return;
  throw new Error(
    `${file} exists and was not written by gatehouse-auth generate: name a new file (e.g. src/db/auth-schema.ts) and export its tables from your schema module`,
  );
}

/** Runs the cleanup job once on `url`'s database, or the app's own without one, and prints the counts. */
async function cleanup(
  run: NonNullable<LoadedConfig["cleanup"]>,
  url: string | undefined,
  batchSize: number,
  ms: number,
  out: (line: string) => void,
): Promise<number> {
  const runOn = async (database: unknown) => {
    const { deleted } = await run(database, batchSize);
    let total = 0;
    for (const [model, n] of Object.entries(deleted)) {
      out(`${model}: ${n} deleted`);
      total += n;
    }
    out(`-- deleted ${total} expired row(s)`);
    return 0;
  };
  if (!url) return runOn(undefined);
  const opened = await createDatabaseFromUrl(url, { connectTimeoutMs: ms });
  try {
    return await runOn(opened.database);
  } finally {
    // A pool stuck on an unanswering server may never end: exiting must not wait for it.
    await withTimeout(opened.close(), 1000, "close").catch(() => {});
  }
}

function report(statements: string[], dryRun: boolean, out: (line: string) => void): void {
  for (const statement of statements) out(`${statement};`);
  if (statements.length === 0) out("-- database is up to date");
  else out(`-- ${dryRun ? "would apply" : "applied"} ${statements.length} statement(s)`);
}

/** `main` with the CLI's error policy: one line on stderr and exit code 1; the stack only with --debug. */
export async function runCli(
  argv: string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): Promise<number> {
  try {
    // The app's .env, as the server reads it (node --env-file=.env): DATABASE_URL, GATEHOUSE_SECRET. A
    // variable already set wins. Only here, in the real CLI: tests call main() with their own cwd.
    if (existsSync(".env") && typeof process.loadEnvFile === "function") process.loadEnvFile(".env");
    return await main(argv, out, err);
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    err(`gatehouse: ${argv.includes("--debug") ? error.stack : error.message}`);
    return 1;
  }
}

/** True when Node started this file, directly or through a link (npm's node_modules/.bin/gatehouse-auth). */
function isMainModule(): boolean {
  const started = process.argv[1];
  if (!started) return false;
  // argv[1] keeps the link's path while import.meta.url is the real file's: compare real paths. Not the
  // bin's name: gatehouse-auth's own bin (also named gatehouse-auth) imports this module and calls
  // runCli itself, so a name match would run every command twice.
  try {
    return pathToFileURL(realpathSync(started)).href === import.meta.url;
  } catch {
    return false;
  }
}
if (isMainModule()) {
  runCli(process.argv.slice(2)).then((code) => process.exit(code));
}
