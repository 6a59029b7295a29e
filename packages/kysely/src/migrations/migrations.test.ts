import { UniqueConstraintError, createCoreSchema } from "@gatehouse/core";
import type { Schema } from "@gatehouse/core";
import { afterAll, describe, expect, it } from "vitest";
import { kyselyAdapter } from "../kysely-adapter.js";
import { testDatabases } from "../test-databases.js";
import type { TestDatabase } from "../test-databases.js";

for (const [name, open] of testDatabases) {
  describe(`${name} migrations`, () => {
    let opened: TestDatabase | { skip: string } | undefined;
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const c of cleanups) await c();
    });
    async function fresh() {
      opened = await open();
      if ("skip" in opened) return null;
      cleanups.push(opened.cleanup);
      return opened.database;
    }

    it("creates every table once; a second run does nothing", async (ctx) => {
      const database = await fresh();
      if (!database) {
        console.warn(`[gatehouse] ${name} migration tests skipped: ${(opened as { skip: string }).skip}`);
        return ctx.skip();
      }
      const adapter = kyselyAdapter({ database })({ schema: createCoreSchema() });
      const first = await adapter.migrate!();
      expect(first.statements.filter((s) => /^create table/i.test(s))).toHaveLength(5);
      expect(first.statements.some((s) => /create unique index/i.test(s) && s.includes("user_email_uidx"))).toBe(true);
      expect((await adapter.migrate!()).statements).toEqual([]);
      // The tables work: a user round-trips.
      const now = new Date();
      await adapter.create({
        model: "user",
        data: { id: "u1", name: "A", email: "a@example.com", emailVerified: false, createdAt: now, updatedAt: now },
      });
      expect(await adapter.count({ model: "user" })).toBe(1);
    });

    it("adds a new field as a nullable column with its index, keeping data and dropping nothing", async (ctx) => {
      const database = await fresh();
      if (!database) return ctx.skip();
      const base = createCoreSchema();
      const v1 = kyselyAdapter({ database })({ schema: base });
      await v1.migrate!();
      const now = new Date();
      await v1.create({
        model: "user",
        data: { id: "u1", name: "A", email: "a@example.com", emailVerified: true, createdAt: now, updatedAt: now },
      });
      const extended: Schema = {
        ...base,
        user: {
          ...base.user!,
          fields: { ...base.user!.fields, nickname: { type: "string", required: false, unique: true } },
        },
      };
      delete (extended.rateLimit as { fields: Record<string, unknown> }).fields.count; // removed from the schema, kept in the table
      const v2 = kyselyAdapter({ database })({ schema: extended });
      const { statements } = await v2.migrate!();
      expect(statements).toHaveLength(2);
      expect(statements[0]).toMatch(/^alter table .user. add column .nickname./i);
      expect(statements[1]).toMatch(/create unique index .user_nickname_uidx./i);
      expect(statements.join(" ")).not.toMatch(/drop/i);
      const user = await v2.findOne<{ email: string; nickname: string | null }>({
        model: "user",
        where: [{ field: "id", value: "u1" }],
      });
      expect(user).toMatchObject({ email: "a@example.com", nickname: null });
      // The column left out of the schema still exists: the old adapter can still use it.
      await v1.create({ model: "rateLimit", data: { id: "r1", key: "k", count: 3, lastRequest: 1 } });
      expect(
        (await v1.findOne<{ count: number }>({ model: "rateLimit", where: [{ field: "key", value: "k" }] }))?.count,
      ).toBe(3);
    });

    it("adds a composite unique index to an existing table once; it then refuses a repeated pair", async (ctx) => {
      const database = await fresh();
      if (!database) return ctx.skip();
      const v1: Schema = { link: { fields: { a: { type: "string" }, b: { type: "string" } } } };
      await kyselyAdapter({ database })({ schema: v1 }).migrate!();
      const v2: Schema = { link: { ...v1.link!, uniqueIndexes: [["a", "b"]] } };
      const adapter = kyselyAdapter({ database })({ schema: v2 });
      const { statements } = await adapter.migrate!();
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/create unique index .link_a_b_uidx. on .link. \(.a., .b.\)/i);
      expect((await adapter.migrate!()).statements).toEqual([]);
      await adapter.create({ model: "link", data: { id: "1", a: "x", b: "y" } });
      await adapter.create({ model: "link", data: { id: "2", a: "x", b: "z" } });
      await expect(adapter.create({ model: "link", data: { id: "3", a: "x", b: "y" } })).rejects.toBeInstanceOf(
        UniqueConstraintError,
      );
    });

    it("adds a composite index to an existing table once; repeated pairs stay allowed", async (ctx) => {
      const database = await fresh();
      if (!database) return ctx.skip();
      const v1: Schema = { log: { fields: { a: { type: "string" }, at: { type: "date" } } } };
      await kyselyAdapter({ database })({ schema: v1 }).migrate!();
      const v2: Schema = { log: { ...v1.log!, indexes: [["a", "at"]] } };
      const adapter = kyselyAdapter({ database })({ schema: v2 });
      const { statements } = await adapter.migrate!();
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/create index .log_a_at_idx. on .log. \(.a., .at.\)/i);
      expect((await adapter.migrate!()).statements).toEqual([]);
      const at = new Date(1);
      await adapter.create({ model: "log", data: { id: "1", a: "x", at } });
      await adapter.create({ model: "log", data: { id: "2", a: "x", at } });
      expect(await adapter.count({ model: "log", where: [{ field: "a", value: "x" }] })).toBe(2);
    });

    if (name === "MySQL") {
      it("never creates ON UPDATE CURRENT_TIMESTAMP columns and compares strings case-sensitively", async (ctx) => {
        const database = await fresh();
        if (!database) return ctx.skip();
        const adapter = kyselyAdapter({ database })({ schema: createCoreSchema() });
        await adapter.migrate!();
        const pool = (database as { promise(): { query(sql: string): Promise<[Record<string, string>[]]> } }).promise();
        for (const table of ["user", "session", "account", "verification", "rateLimit"]) {
          const [rows] = await pool.query(`show create table \`${table}\``);
          const ddl = Object.values(rows[0] ?? {}).join(" ");
          expect(ddl).toContain("CREATE TABLE");
          expect(ddl.toLowerCase()).not.toContain("on update");
          expect(ddl).toContain("utf8mb4_bin");
        }
      });
    }
  });
}
