// Adapter behaviour the shared conformance suite cannot see: how many queries run, what SQL they
// are, and who owns the connection.
import Database from "better-sqlite3";
import type { Adapter, Schema } from "@gatehouse-auth/core";
import { AdapterError } from "@gatehouse-auth/core";
import { Kysely, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import { createDatabaseFromUrl } from "./create-database-from-url.js";
import { kyselyAdapter } from "./kysely-adapter.js";
import { testDatabases, useTestDatabase } from "./test-databases.js";

const schema: Schema = {
  user: { fields: { name: { type: "string" }, createdAt: { type: "date" } } },
  session: {
    fields: {
      token: { type: "string", unique: true },
      userId: { type: "string", references: { model: "user", field: "id", onDelete: "cascade" } },
      hits: { type: "number" },
    },
  },
};

for (const [name, open] of testDatabases) {
  describe(`kyselyAdapter on ${name}`, () => {
    let adapter: Adapter;
    let queries: string[] = [];
    const suite = useTestDatabase(`kyselyAdapter on ${name}`, open, async (database) => {
      adapter = kyselyAdapter({ database, onQuery: (q) => queries.push(q) })({ schema });
      await adapter.migrate!();
      await adapter.create({ model: "user", data: { id: "u1", name: "Ada", createdAt: new Date() } });
      await adapter.create({ model: "session", data: { id: "s1", token: "t1", userId: "u1", hits: 0 } });
    });
    const test = (title: string, fn: () => Promise<void>) =>
      suite.test(title, async () => {
        queries = [];
        await fn();
      });

    test("findOne with a join is exactly one query, decoded into a nested object", async () => {
      const found = await adapter.findOne<{ token: string; user: { name: string; createdAt: Date } | null }>({
        model: "session",
        where: [{ field: "token", value: "t1" }],
        join: [{ model: "user", localField: "userId", foreignField: "id", as: "user" }],
      });
      expect(queries).toHaveLength(1);
      expect(queries[0]).toMatch(/left join/i);
      expect(found?.token).toBe("t1");
      expect(found?.user?.name).toBe("Ada");
      expect(found?.user?.createdAt).toBeInstanceOf(Date);
      // The same shape again reuses the compiled SQL and still costs one query.
      queries = [];
      await adapter.findOne({
        model: "session",
        where: [{ field: "token", value: "missing" }],
        join: [{ model: "user", localField: "userId", foreignField: "id", as: "user" }],
      });
      expect(queries).toHaveLength(1);
    });

    test("limits and offsets page correctly; SQLite writes the counts into the SQL", async () => {
      for (let i = 0; i < 5; i++)
        await adapter.create({
          model: "user",
          data: { id: `p${i}`, name: `Page ${i}`, createdAt: new Date(1000 + i) },
        });
      const where = [{ field: "name", operator: "starts_with" as const, value: "Page " }];
      const sortBy = { field: "createdAt", direction: "asc" as const };
      const page = (limit?: number, offset?: number) =>
        adapter
          .findMany<{ id: string }>({ model: "user", where, sortBy, limit, offset })
          .then((rows) => rows.map((r) => r.id));
      queries = [];
      expect(await page(2)).toEqual(["p0", "p1"]);
      expect(await page(2, 2)).toEqual(["p2", "p3"]);
      expect(await page(undefined, 3)).toEqual(["p3", "p4"]);
      expect(await page(0)).toEqual([]);
      expect(await page(10, 4)).toEqual(["p4"]);
      const found = await adapter.findOne<{ id: string }>({ model: "user", where: [{ field: "id", value: "p1" }] });
      expect(found?.id).toBe("p1");
      const selects = queries.filter((q) => /^select/i.test(q));
      expect(selects).toHaveLength(6);
      // A bound LIMIT makes SQLite re-prepare the statement on every run (its planner may use the value).
      if (name === "SQLite") for (const q of selects) expect(q).not.toMatch(/(limit|offset) \?/i);
      else expect(selects.some((q) => /limit \?|limit \$\d/i.test(q))).toBe(true);
      await adapter.deleteMany({ model: "user", where });
    });

    test("a string the where pins with = comes back as given (SQLite does not read the column back)", async () => {
      queries = [];
      const byToken = await adapter.findOne<{ id: string; token: string; userId: string }>({
        model: "session",
        where: [{ field: "token", value: "t1" }],
      });
      expect(byToken).toMatchObject({ id: "s1", token: "t1", userId: "u1" });
      expect(Object.keys(byToken ?? {})).toEqual(["id", "token", "userId", "hits"]);
      const both = await adapter.findMany<{ token: string; userId: string }>({
        model: "session",
        where: [
          { field: "userId", value: "u1" },
          { field: "token", value: "t1" },
        ],
      });
      expect(both).toEqual([{ id: "s1", token: "t1", userId: "u1", hits: 0 }]);
      // Only the pinned field selected, or an OR group: read as usual.
      const onlyId = await adapter.findOne<{ id: string }>({
        model: "session",
        where: [{ field: "id", value: "s1" }],
        select: ["id"],
      });
      expect(onlyId).toEqual({ id: "s1" });
      const either = await adapter.findMany<{ token: string }>({
        model: "session",
        where: [
          {
            or: [
              { field: "token", value: "t1" },
              { field: "token", value: "none" },
            ],
          },
        ],
      });
      expect(either.map((r) => r.token)).toEqual(["t1"]);
      const selects = queries.filter((q) => /^select/i.test(q));
      if (name === "SQLite") {
        expect(selects[0]).not.toMatch(/"token" as "token"/);
        expect(selects[1]).not.toMatch(/"token" as "token"|"userId" as "userId"/);
        expect(selects[3]).toMatch(/"token" as "token"/);
      } else for (const q of selects.slice(0, 2)) expect(q).toMatch(/["`]token["`] as ["`]token["`]/);
    });

    test("increment is computed by the database inside the UPDATE statement", async () => {
      await Promise.all(
        Array.from({ length: 10 }, () =>
          adapter.updateMany({
            model: "session",
            where: [{ field: "id", value: "s1" }],
            update: {},
            increment: { hits: 1 },
          }),
        ),
      );
      const updates = queries.filter((q) => /^update/i.test(q));
      expect(updates).toHaveLength(10);
      expect(updates[0]).toMatch(/set .hits. = .hits. \+/i);
      expect(
        (await adapter.findOne<{ hits: number }>({ model: "session", where: [{ field: "id", value: "s1" }] }))?.hits,
      ).toBe(10);
    });

    test("unknown models and fields are AdapterErrors before any SQL runs", async () => {
      await expect(adapter.findOne({ model: "nope", where: [] })).rejects.toBeInstanceOf(AdapterError);
      await expect(adapter.findMany({ model: "user", where: [{ field: "nope", value: 1 }] })).rejects.toBeInstanceOf(
        AdapterError,
      );
      await expect(
        adapter.findMany({ model: "user", sortBy: { field: "nope", direction: "asc" } }),
      ).rejects.toBeInstanceOf(AdapterError);
      expect(queries).toEqual([]);
    });

    test("close() leaves the driver the user passed open", async () => {
      const other = kyselyAdapter({ database: suite.database() })({ schema });
      await other.close?.();
      expect(await adapter.count({ model: "user" })).toBe(1);
    });

    // Lists as the organization plugin reads them (many rows, sorted, joined): order, text with quotes and
    // control characters, dates and numbers come back exactly as written.
    test("lists keep their order, joins, text, dates and fractional numbers", async () => {
      const base = Date.UTC(2024, 0, 2, 3, 4, 5, 678);
      const odd = 'quote " back\\slash \u0001 control, tab\t, é, </script>';
      for (let i = 0; i < 12; i++)
        await adapter.create({
          model: "user",
          data: { id: `list-${i}`, name: i === 3 ? odd : `n${i}`, createdAt: new Date(base + ((i * 7) % 12) * 1000) },
        });
      const users = await adapter.findMany<{ id: string; name: string; createdAt: Date }>({
        model: "user",
        where: [{ field: "id", operator: "starts_with", value: "list-" }],
        sortBy: { field: "createdAt", direction: "desc" },
        limit: 10,
      });
      expect(users.map((u) => u.createdAt.getTime())).toEqual(
        Array.from({ length: 10 }, (_, i) => base + (11 - i) * 1000),
      );
      const all = await adapter.findMany<{ id: string; name: string }>({
        model: "user",
        where: [{ field: "id", operator: "starts_with", value: "list-" }],
      });
      expect(all.find((u) => u.id === "list-3")?.name).toBe(odd);
      await adapter.create({
        model: "session",
        data: { id: "s-frac", token: "t-frac", userId: "u1", hits: 0.1 + 0.2 },
      });
      await adapter.create({
        model: "session",
        data: { id: "s-big", token: "t-big", userId: "u1", hits: 2 ** 53 - 1 },
      });
      const sessions = await adapter.findMany<{ id: string; hits: number; user: { name: string } | null }>({
        model: "session",
        where: [{ field: "id", operator: "in", value: ["s-frac", "s-big"] }],
        join: [{ model: "user", localField: "userId", foreignField: "id", as: "user", select: ["name"] }],
        sortBy: { field: "id", direction: "asc" },
      });
      expect(sessions.map((s) => [s.id, s.hits, s.user?.name ?? null])).toEqual([
        ["s-big", 2 ** 53 - 1, "Ada"],
        ["s-frac", 0.1 + 0.2, "Ada"],
      ]);
      const none = await adapter.findMany({ model: "user", where: [{ field: "id", value: "nobody" }] });
      expect(none).toEqual([]);
    });
  });
}

describe("kyselyAdapter configuration", () => {
  it("accepts a Kysely instance with its dialect", async () => {
    const db = new Kysely({ dialect: new SqliteDialect({ database: new Database(":memory:") }) });
    const adapter = kyselyAdapter({ db, dialect: "sqlite" })({ schema });
    await adapter.migrate!();
    await adapter.create({ model: "user", data: { id: "u1", name: "A", createdAt: new Date(5) } });
    expect((await adapter.findOne<{ createdAt: Date }>({ model: "user", where: [] }))?.createdAt).toEqual(new Date(5));
    await db.destroy();
  });

  it("rejects something that is not a driver", () => {
    expect(() => kyselyAdapter({ database: {} })({ schema })).toThrow(/not a better-sqlite3 Database/);
    expect(() => kyselyAdapter({ database: "auth.db" })({ schema })).toThrow(/driver object/);
  });

  it("createDatabaseFromUrl opens SQLite from :memory: and sqlite: URLs", async () => {
    for (const url of [":memory:", "sqlite::memory:"]) {
      const opened = await createDatabaseFromUrl(url);
      expect(opened.dialect).toBe("sqlite");
      const adapter = kyselyAdapter({ database: opened.database })({ schema });
      expect((await adapter.migrate!()).statements.length).toBeGreaterThan(0);
      await opened.close();
    }
  });
});
