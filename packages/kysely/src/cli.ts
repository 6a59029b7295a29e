#!/usr/bin/env node
// gatehouse migrate | generate — see docs/database.md.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createAuth, createCoreSchema, memoryAdapter } from "@gatehouse/core";
import type { Adapter, AuthOptions, Schema } from "@gatehouse/core";
import { sql } from "./kysely-runtime.js";
import { connect } from "./connect.js";
import { createDatabaseFromUrl } from "./create-database-from-url.js";
import type { SqlDialect } from "./dialect.js";
import { CONFIG_CANDIDATES, findConfig } from "./find-config.js";
import { importConfig } from "./import-config.js";
import { generateSql } from "./migrations/generate-sql.js";
import { runMigrations } from "./migrations/run-migrations.js";

const USAGE = `Usage:
  gatehouse migrate  [--config <module>] [--url <database url>] [--dry-run]
  gatehouse generate --dialect <sqlite|postgres|mysql> [--config <module>]

  --config   your auth module: its default (or \`auth\`) export is the createAuth() result or its
             options, so plugin tables and additional fields are included. Without it, the first
             of ${CONFIG_CANDIDATES.slice(0, 9).join(", ")}, … in the
             current directory; with none found, only the core schema (and a warning).
             TypeScript needs Node 22.6+ (--experimental-strip-types) or a loader such as tsx.
  --url      postgres://…, mysql://…, mariadb://…, sqlite:path or a SQLite file path (or
             DATABASE_URL). Without it, migrate uses the database of the config's auth.
  --connect-timeout  seconds to wait for the database server (default 10)
  --debug    print the stack trace of an error
  --dry-run  print what migrate would run, change nothing`;

/** The schema to migrate, and the config's own adapter when the module exported a built auth. */
interface LoadedConfig {
  schema: Schema;
  /** Where the schema came from, for the user to see. */
  source: string;
  /** The app's adapter (migrate without --url), built only on request: it opens the app's database. */
  adapter?: () => Adapter;
}

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
    return { schema: context.schema, source: config, adapter: adapter ? () => adapter : undefined };
  }
  const options = exported as AuthOptions;
  const secret = options.secret || PLACEHOLDER_SECRET;
  const auth = createAuth({ ...options, database: memoryAdapter(), secret, logger: QUIET });
  return {
    schema: auth.$context.schema,
    source: config,
    adapter: () => createAuth({ ...options, secret, logger: QUIET }).$context.adapter,
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
): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: "string" },
      dialect: { type: "string" },
      config: { type: "string" },
      "connect-timeout": { type: "string" },
      "dry-run": { type: "boolean" },
      debug: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    },
  });
  const command = positionals[0];
  if (values.help || !command) {
    out(USAGE);
    return command || values.help ? 0 : 1;
  }
  if (command !== "generate" && command !== "migrate")
    throw new Error(`unknown command "${command}" (migrate or generate; --help shows the usage)`);
  const dialect = values.dialect as SqlDialect | undefined;
  if (command === "generate") {
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
  if (command === "generate") {
    sayWhichSchema();
    out(generateSql(config.schema, dialect as SqlDialect));
    return 0;
  }
  const dryRun = values["dry-run"] === true;
  const url = values.url ?? process.env.DATABASE_URL;
  const ms = timeoutSeconds * 1000;
  if (!url) {
    if (!config.adapter)
      throw new Error("migrate needs --url (or DATABASE_URL), or a --config whose auth has a database");
    if (dryRun) throw new Error("--dry-run needs --url: the config's adapter can only apply migrations");
    sayWhichSchema();
    const adapter = config.adapter();
    if (!adapter.migrate)
      throw new Error(
        `the database in ${found} has no migrations (the memory adapter?): pass --url to migrate a SQL database`,
      );
    const { statements } = await withTimeout(
      adapter.migrate(),
      Math.max(ms, 60_000),
      `the database of ${found} did not answer within ${Math.max(timeoutSeconds, 60)} s`,
    );
    report(statements, false, out);
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
    return await main(argv, out, err);
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    err(`gatehouse: ${argv.includes("--debug") ? error.stack : error.message}`);
    return 1;
  }
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly || process.argv[1]?.endsWith("/gatehouse")) {
  runCli(process.argv.slice(2)).then((code) => process.exit(code));
}
