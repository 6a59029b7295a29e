import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "./statement-cache.js";

function setup() {
  const plain = new Database(":memory:");
  plain.exec(`create table t (id text primary key, n integer, b blob, note text);
    insert into t values ('a', 1, x'0102', null), ('b', 2, null, 'two');`);
  return { plain, cached: withStatementCache(plain) };
}

describe("withStatementCache", () => {
  it("reuses one statement per SQL and returns exactly the rows the driver returns", () => {
    const { plain, cached } = setup();
    const sql = "select id, n, b, note, n as id from t order by id";
    expect(cached.prepare(sql)).toBe(cached.prepare(sql));
    // Duplicate names: the last column wins, as with the driver's own objects.
    expect(cached.prepare(sql).all()).toEqual(plain.prepare(sql).all());
    expect(cached.prepare("select * from t where id = ?").all("b")).toEqual([{ id: "b", n: 2, b: null, note: "two" }]);
    expect(cached.prepare("select * from t where id = ?").all("zzz")).toEqual([]);
  });

  it("follows a schema change that alters the columns of a cached select", () => {
    const { cached } = setup();
    const sql = "select * from t where id = ?";
    expect(Object.keys(cached.prepare(sql).all("a")[0] as object)).toEqual(["id", "n", "b", "note"]);
    cached.exec("alter table t add column extra text default 'x'");
    expect(cached.prepare(sql).all("a")).toEqual([{ id: "a", n: 1, b: Buffer.from([1, 2]), note: null, extra: "x" }]);
  });

  it("leaves a column named __proto__ to the driver: no prototype is ever set from a row", () => {
    const { plain, cached } = setup();
    const sql = `select id as "__proto__", n from t where id = 'a'`;
    const [row] = cached.prepare(sql).all() as object[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(row).toEqual(plain.prepare(sql).get());
  });

  it("passes writes through", () => {
    const { plain, cached } = setup();
    const info = cached.prepare("insert into t (id, n) values (?, ?)").run("c", 3) as { changes: number };
    expect(info.changes).toBe(1);
    expect(plain.prepare("select n from t where id = 'c'").get()).toEqual({ n: 3 });
  });
});
