// The SQLite reader that bypasses Kysely's driver, through the adapter as users call it and on its own.
import type { Schema } from "@gatehouse-auth/core";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { kyselyAdapter } from "./kysely-adapter.js";
import { createDirectReader } from "./sqlite-direct-reader.js";

const schema: Schema = {
  note: { fields: { text: { type: "string" }, at: { type: "date" }, ok: { type: "boolean" } } },
};

async function open() {
  const sqlite = new Database(":memory:");
  const queries: string[] = [];
  const adapter = kyselyAdapter({ database: sqlite, onQuery: (q) => queries.push(q) })({ schema });
  await adapter.migrate!();
  return { sqlite, adapter, queries };
}

describe("direct SQLite reads", () => {
  it("never see another request's uncommitted rows: a read during an open transaction waits for it", async () => {
    const { adapter } = await open();
    let outside: Promise<unknown> | undefined;
    await expect(
      adapter.transaction(async (trx) => {
        await trx.create({ model: "note", data: { id: "dirty", text: "t", at: new Date(1), ok: true } });
        // Another request reads meanwhile (not through the transaction).
        outside = adapter.findOne({ model: "note", where: [{ field: "id", value: "dirty" }] });
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    expect(await outside).toBeNull();
  });

  it("decode rows as the Kysely path does, and report every query to onQuery", async () => {
    const { adapter, queries } = await open();
    const at = new Date(1_700_000_000_123);
    await adapter.create({ model: "note", data: { id: "a", text: "x", at, ok: false } });
    const before = queries.length;
    const outside = await adapter.findMany({ model: "note", where: [{ field: "text", value: "x" }] });
    // Inside a transaction the same select runs through Kysely.
    const inside = await adapter.transaction((trx) =>
      trx.findMany({ model: "note", where: [{ field: "text", value: "x" }] }),
    );
    expect(outside).toEqual([{ id: "a", text: "x", at, ok: false }]);
    expect(inside).toEqual(outside);
    expect(queries.length - before).toBeGreaterThanOrEqual(2);
    expect(queries.slice(before).filter((q) => q.startsWith("select"))).toHaveLength(2);
  });

  it("follow a schema change that alters the columns of a cached statement", () => {
    const sqlite = new Database(":memory:");
    sqlite.exec("create table t (id text primary key, n integer); insert into t values ('a', 1);");
    const reader = createDirectReader(sqlite);
    expect(reader.read("select * from t", [])).toEqual({ rows: [["a", 1]], columns: ["id", "n"] });
    sqlite.exec("alter table t add column extra text default 'x'");
    expect(reader.read("select * from t", [])).toEqual({ rows: [["a", 1, "x"]], columns: ["id", "n", "extra"] });
  });

  it("decline writes and open transactions, which then go through Kysely", () => {
    const sqlite = new Database(":memory:");
    sqlite.exec("create table t (id text primary key)");
    const reader = createDirectReader(sqlite);
    expect(reader.read("insert into t values ('a')", [])).toBeNull();
    expect(sqlite.prepare("select count(*) as n from t").get()).toEqual({ n: 0 });
    sqlite.exec("begin");
    expect(reader.read("select * from t", [])).toBeNull();
    sqlite.exec("rollback");
    expect(reader.read("select * from t", [])).toEqual({ rows: [], columns: ["id"] });
  });
});
