// The SQLite driver Node 22 ships (node:sqlite), in the shape Kysely's SqliteDialect reads. The example
// runs on Node 22 while the workspace's better-sqlite3 is compiled for Node 20's ABI; an app of your own
// on Node 22 can install better-sqlite3 and pass its Database to kyselyAdapter instead (docs/tanstack-start.md).
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import type { SqliteDatabase } from "kysely";

export function nodeSqlite(file: string): SqliteDatabase {
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL");
  return {
    close: () => db.close(),
    prepare(sql) {
      const statement = db.prepare(sql);
      const values = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
      return {
        // Kysely asks whether a statement returns rows (better-sqlite3's `reader`).
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...values(parameters)),
        run: (parameters) => statement.run(...values(parameters)),
        iterate: (parameters) => statement.iterate(...values(parameters)),
      };
    },
  };
}
