#!/usr/bin/env node
// gatehouse migrate | generate — see docs/database.md.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createCoreSchema } from "@gatehouse/core";
import type { Schema } from "@gatehouse/core";
import { createDatabaseFromUrl } from "./create-database-from-url.js";
import type { SqlDialect } from "./dialect.js";
import { connect } from "./connect.js";
import { generateSql } from "./migrations/generate-sql.js";
import { runMigrations } from "./migrations/run-migrations.js";

const USAGE = `Usage:
  gatehouse migrate  --url <database url> [--config <module>] [--dry-run]
  gatehouse generate --dialect <sqlite|postgres|mysql> [--config <module>]

  --url      postgres://…, mysql://…, sqlite:path or a SQLite file path (or DATABASE_URL)
  --config   a module whose default export (or \`auth\` export) is your createAuth() result,
             so plugin tables and additional fields are included; without it, the core schema
  --dry-run  print what migrate would run, change nothing`;

async function loadSchema(config: string | undefined): Promise<Schema> {
  if (!config) return createCoreSchema();
  const mod = (await import(pathToFileURL(resolve(config)).href)) as Record<string, unknown>;
  const auth = (mod.auth ?? mod.default) as { $context?: { schema?: Schema } } | undefined;
  const schema = auth?.$context?.schema;
  if (!schema) throw new Error(`${config} must export the object createAuth() returned (as default or as "auth")`);
  return schema;
}

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
  throw new Error(`unknown command "${command}"\n\n${USAGE}`);
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly || process.argv[1]?.endsWith("/gatehouse")) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: Error) => {
      console.error(`gatehouse: ${process.argv.includes("--debug") ? err.stack : err.message}`);
      process.exit(1);
    },
  );
}
