// The planner against a described database state, per dialect: it only ever adds.
import { createCoreSchema } from "@gatehouse-auth/core";
import type { Schema } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { diffSchema } from "./diff-schema.js";
import { coldKysely } from "./generate-sql.js";
import type { DatabaseState } from "./introspect.js";

const core = createCoreSchema();

/** The state a database migrated with `schema` is in. */
function stateOf(schema: Schema): DatabaseState {
  const tables = new Map<string, Set<string>>();
  const indexes = new Set<string>();
  for (const [model, def] of Object.entries(schema)) {
    const table = def.modelName ?? model;
    tables.set(table, new Set(["id", ...Object.keys(def.fields)]));
    for (const [name, f] of Object.entries(def.fields))
      if (f.unique || f.index || f.references) indexes.add(`${table}_${name}_${f.unique ? "uidx" : "idx"}`);
    for (const fields of def.uniqueIndexes ?? []) indexes.add(`${table}_${fields.join("_")}_uidx`);
    for (const fields of def.indexes ?? []) indexes.add(`${table}_${fields.join("_")}_idx`);
  }
  return { tables, indexes };
}

for (const dialect of ["sqlite", "postgres", "mysql"] as const) {
  describe(`diffSchema (${dialect})`, () => {
    const plan = (schema: Schema, state: DatabaseState) =>
      diffSchema(coldKysely(dialect), dialect, schema, state).map((s) => s.compile().sql);

    it("plans nothing for an up-to-date database", () => {
      expect(plan(core, stateOf(core))).toEqual([]);
    });

    it("a new field is one nullable ADD COLUMN (plus its index); a removed field is left alone", () => {
      const next: Schema = {
        ...core,
        user: {
          fields: {
            ...core.user!.fields,
            nickname: { type: "string", unique: true },
            age: { type: "number", required: true },
          },
        },
        rateLimit: { fields: { key: { type: "string", unique: true } } }, // count and lastRequest removed
      };
      const statements = plan(next, stateOf(core));
      expect(statements).toHaveLength(3);
      expect(statements[0]).toMatch(/^alter table .user. add column .nickname. (text|varchar\(255\))$/);
      // Required in the schema, still nullable here: the rows already there have no value for it.
      expect(statements[1]).toMatch(/^alter table .user. add column .age. (real|double precision|double)$/);
      expect(statements[2]).toMatch(/^create unique index .user_nickname_uidx. on .user. \(.nickname.\)$/);
      expect(statements.join(" ")).not.toMatch(/drop|modify|alter column|rename/i);
    });

    it("a new table referencing an existing one comes with its foreign key and indexes", () => {
      const next: Schema = {
        ...core,
        passkey: {
          fields: { userId: { type: "string", references: { model: "user", field: "id", onDelete: "cascade" } } },
        },
      };
      const statements = plan(next, stateOf(core));
      expect(statements).toHaveLength(2);
      expect(statements[0]).toMatch(/^create table .passkey. .*references .user. \(.id.\) on delete cascade/);
      expect(statements[1]).toMatch(/^create index .passkey_userId_idx./);
    });

    it("a reference added to an existing table gets a constraint where the dialect allows it", () => {
      const next: Schema = {
        ...core,
        verification: {
          fields: {
            ...core.verification!.fields,
            userId: {
              type: "string",
              required: false,
              references: { model: "user", field: "id", onDelete: "set null" },
            },
          },
        },
      };
      const sqlText = plan(next, stateOf(core)).join("\n");
      expect(sqlText).toMatch(/alter table .verification. add column .userId./);
      expect(sqlText).toMatch(/references .user. \(.id.\) on delete set null/);
      expect(sqlText).toMatch(/create index .verification_userId_idx./);
    });
  });
}

describe("diffSchema column sizes and collations (mysql)", () => {
  const plan = (schema: Schema, state: DatabaseState) =>
    diffSchema(coldKysely("mysql"), "mysql", schema, state).map((s) => s.compile().sql);
  const empty = (): DatabaseState => ({ tables: new Map(), indexes: new Set() });

  it("sizes each string column from its field's maxLength, the number input validation enforces", () => {
    const [create] = plan(
      {
        t: {
          fields: {
            a: { type: "string" },
            b: { type: "string", maxLength: 40 },
            c: { type: "string", long: true },
            d: { type: "string", long: true, maxLength: 100_000 },
          },
        },
      },
      empty(),
    );
    expect(create).toMatch(
      /`a` varchar\(255\) not null, `b` varchar\(40\) not null, `c` text not null, `d` mediumtext not null/,
    );
  });

  it("creates tables with the server's NO PAD collation, utf8mb4_bin when it has none (generate)", () => {
    expect(plan(core, { ...empty(), noPadCollation: "utf8mb4_nopad_bin" })[0]).toMatch(/collate=utf8mb4_nopad_bin$/);
    expect(plan(core, empty())[0]).toMatch(/collate=utf8mb4_bin$/);
  });

  it("converts an existing PAD SPACE table once, before adding to it", () => {
    const state = { ...stateOf(core), noPadCollation: "utf8mb4_0900_bin", padTables: new Set(["user"]) };
    expect(plan(core, state)).toEqual(["alter table `user` convert to character set utf8mb4 collate utf8mb4_0900_bin"]);
    expect(plan(core, { ...state, padTables: new Set() })).toEqual([]);
  });
});
