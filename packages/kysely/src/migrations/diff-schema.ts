import type { Schema } from "@gatehouse-auth/core";
import { sql } from "../kysely-runtime.js";
import type { Compilable, CreateTableBuilder } from "kysely";
import type { AnyKysely } from "../connect.js";
import type { SqlDialect } from "../dialect.js";
import { columnType, idType } from "./column-type.js";
import type { DatabaseState } from "./introspect.js";

const FK_ACTION = { cascade: "cascade", "set null": "set null", restrict: "restrict" } as const;

/** Referenced tables first, so foreign keys in CREATE TABLE always point at an existing table. */
function orderModels(schema: Schema): string[] {
  const done = new Set<string>();
  const out: string[] = [];
  const visit = (model: string, stack: Set<string>) => {
    if (done.has(model) || stack.has(model) || !schema[model]) return;
    stack.add(model);
    for (const f of Object.values(schema[model].fields)) if (f.references) visit(f.references.model, stack);
    done.add(model);
    out.push(model);
  };
  for (const model of Object.keys(schema)) visit(model, new Set());
  return out;
}

/**
 * The DDL that brings `state` up to `schema`: missing tables, columns and indexes, in a safe order.
 * It only ever adds. Columns added to an existing table are nullable: existing rows have no value.
 */
export function diffSchema(db: AnyKysely, dialect: SqlDialect, schema: Schema, state: DatabaseState): Compilable[] {
  const tableOf = (model: string) => schema[model]?.modelName ?? model;
  const statements: Compilable[] = [];
  const indexes: Compilable[] = [];

  for (const model of orderModels(schema)) {
    const def = schema[model]!;
    const table = tableOf(model);
    const existing = state.tables.get(table);
    if (!existing) {
      let create: CreateTableBuilder<string, string> = db.schema
        .createTable(table)
        .addColumn("id", idType(dialect), (c) => c.primaryKey().notNull());
      for (const [name, field] of Object.entries(def.fields)) {
        create = create.addColumn(name, columnType(field, dialect), (c) =>
          field.required === false ? c : c.notNull(),
        );
      }
      for (const [name, field] of Object.entries(def.fields)) {
        const ref = field.references;
        if (!ref) continue;
        create = create.addForeignKeyConstraint(`${table}_${name}_fk`, [name], tableOf(ref.model), [ref.field], (c) =>
          c.onDelete(FK_ACTION[ref.onDelete ?? "cascade"]),
        );
      }
      // Binary, so ids and tokens compare byte for byte; NO PAD where the server has it, so "slug" and
      // "slug " are different values (in lookups and in unique indexes) as on the other dialects.
      if (dialect === "mysql")
        create = create.modifyEnd(
          sql.raw(`engine=InnoDB default charset=utf8mb4 collate=${state.noPadCollation ?? "utf8mb4_bin"}`),
        );
      statements.push(create);
    } else {
      // Tables an earlier version created PAD SPACE: convert them in place (a table rebuild, once).
      if (dialect === "mysql" && state.noPadCollation && state.padTables?.has(table)) {
        const convert = sql`alter table ${sql.table(table)} convert to character set utf8mb4 collate ${sql.raw(state.noPadCollation)}`;
        statements.push({ compile: () => convert.compile(db), execute: () => convert.execute(db) } as Compilable);
      }
      for (const [name, field] of Object.entries(def.fields)) {
        if (existing.has(name)) continue;
        const ref = field.references;
        statements.push(
          db.schema.alterTable(table).addColumn(name, columnType(field, dialect), (c) => {
            // Rows that exist before the column get its default (a plugin's `banned: false`,
            // `role: "user"`), not NULL; computed defaults (functions) are the application's to fill.
            const literal = field.defaultValue;
            const withDefault =
              typeof literal === "boolean" || typeof literal === "number" || typeof literal === "string"
                ? c.defaultTo(literal)
                : c;
            // SQLite cannot add a constraint later, but accepts REFERENCES on a nullable added column.
            return ref && dialect === "sqlite"
              ? withDefault
                  .references(`${tableOf(ref.model)}.${ref.field}`)
                  .onDelete(FK_ACTION[ref.onDelete ?? "cascade"])
              : withDefault;
          }),
        );
        if (ref && dialect !== "sqlite") {
          statements.push(
            db.schema
              .alterTable(table)
              .addForeignKeyConstraint(`${table}_${name}_fk`, [name], tableOf(ref.model), [ref.field], (c) =>
                c.onDelete(FK_ACTION[ref.onDelete ?? "cascade"]),
              ),
          );
        }
      }
    }
    for (const [name, field] of Object.entries(def.fields)) {
      if (!field.unique && !field.index && !field.references) continue;
      if (dialect === "mysql" && field.long) continue; // TEXT cannot be indexed without a prefix length
      const indexName = `${table}_${name}_${field.unique ? "uidx" : "idx"}`;
      if (state.indexes.has(indexName)) continue;
      let index = db.schema.createIndex(indexName).on(table).column(name);
      if (field.unique) index = index.unique();
      indexes.push(index);
    }
    for (const fields of def.uniqueIndexes ?? []) {
      for (const f of fields)
        if (f !== "id" && !def.fields[f]) throw new Error(`Unique index on "${model}" names unknown field "${f}"`);
      if (dialect === "mysql" && fields.some((f) => def.fields[f]?.long)) continue; // as above: TEXT
      const indexName = `${table}_${fields.join("_")}_uidx`;
      if (state.indexes.has(indexName)) continue;
      indexes.push(db.schema.createIndex(indexName).on(table).columns(fields).unique());
    }
    for (const fields of def.indexes ?? []) {
      for (const f of fields)
        if (f !== "id" && !def.fields[f]) throw new Error(`Index on "${model}" names unknown field "${f}"`);
      if (dialect === "mysql" && fields.some((f) => def.fields[f]?.long)) continue; // as above: TEXT
      const indexName = `${table}_${fields.join("_")}_idx`;
      if (state.indexes.has(indexName)) continue;
      indexes.push(db.schema.createIndex(indexName).on(table).columns(fields));
    }
  }
  return [...statements, ...indexes];
}
