#!/usr/bin/env node
// gatehouse migrate | generate — see docs/database.md.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createAuth, createCoreSchema, memoryAdapter } from "@gatehouse/core";
import type { AuthOptions, Schema } from "@gatehouse/core";
import { createDatabaseFromUrl } from "./create-database-from-url.js";
import type { SqlDialect } from "./dialect.js";
import { connect } from "./connect.js";
import { generateSql } from "./migrations/generate-sql.js";
import { runMigrations } from "./migrations/run-migrations.js";

const USAGE = `Usage:
  gatehouse migrate  --url <database url> [--config <module>] [--dry-run]
  gatehouse generate --dialect <sqlite|postgres|mysql> [--config <module>]

  --url      postgres://…, mysql://…, sqlite:path or a SQLite file path (or DATABASE_URL)
  --config   a module whose default (or \`auth\`) export is your createAuth() result or its
             options, so plugin tables and additional fields are included; without it, the
             core schema. Plain JavaScript (.js/.mjs) unless you run the CLI under a TS loader.
  --debug    print the stack trace of an error
  --dry-run  print what migrate would run, change nothing`;

/**
 * The schema to migrate: the core tables, or everything a config module's auth knows about (plugins,
 * additional fields). The module's default (or `auth`) export is either the `createAuth()` result or
 * the options object passed to it; options are built with an in-memory database, because only the
 * composed schema is needed here.
 */
export async function loadSchema(config: string | undefined): Promise<Schema> {
  if (!config) return createCoreSchema();
  const mod = (await import(pathToFileURL(resolve(config)).href)) as Record<string, unknown>;
  const exported = mod.auth ?? mod.default;
  if (!exported || typeof exported !== "object")
    throw new Error(`${config} must export createAuth()'s result or its options (as default or as "auth")`);
  if ("$context" in exported) {
    // Awaiting covers a context that is (or becomes) a promise.
    const context = (await (exported as { $context: unknown }).$context) as { schema?: Schema } | undefined;
    if (!context?.schema) throw new Error(`${config}: auth.$context has no schema`);
    return context.schema;
  }
  const options = exported as AuthOptions;
  const auth = createAuth({ ...options, database: memoryAdapter(), secret: options.secret ?? PLACEHOLDER_SECRET });
  return auth.$context.schema;
}

// Only the schema is read from an auth built by the CLI; nothing is ever signed with this.
const PLACEHOLDER_SECRET = "gatehouse-cli-schema-only-placeholder-secret";

export async function main(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      url: { type: "string" },
      dialect: { type: "string" },
      config: { type: "string" },
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
  const schema = await loadSchema(values.config);
  if (command === "generate") {
    const dialect = values.dialect as SqlDialect | undefined;
    if (!dialect) throw new Error("generate needs --dialect sqlite|postgres|mysql");
    out(generateSql(schema, dialect));
    return 0;
  }
  if (command === "migrate") {
    const url = values.url ?? process.env.DATABASE_URL;
    if (!url) throw new Error("migrate needs --url (or DATABASE_URL)");
    const opened = await createDatabaseFromUrl(url);
    try {
      const { db, dialect } = connect({ database: opened.database });
      const dryRun = values["dry-run"] === true;
      const { statements } = await runMigrations(db, dialect, schema, { dryRun });
      for (const statement of statements) out(`${statement};`);
      if (statements.length === 0) out("-- database is up to date");
      else out(`-- ${dryRun ? "would apply" : "applied"} ${statements.length} statement(s)`);
    } finally {
      await opened.close();
    }
    return 0;
  }
  throw new Error(`unknown command "${command}" (migrate or generate; --help shows the usage)`);
}

/** `main` with the CLI's error policy: one line on stderr and exit code 1; the stack only with --debug. */
export async function runCli(
  argv: string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): Promise<number> {
  try {
    return await main(argv, out);
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
