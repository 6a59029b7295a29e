import { UniqueConstraintError, createCoreSchema } from "@gatehouse-auth/core";
import type { Schema } from "@gatehouse-auth/core";
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

    it("adds the indexes of a newer schema to a database migrated without them; --dry-run lists them first", async (ctx) => {
      const database = await fresh();
      if (!database) return ctx.skip();
      // Today's tables as a version without the cleanup and listing indexes created them.
      const added = new Set(["session.expiresAt", "verification.expiresAt", "rateLimit.lastRequest"]);
      const older: Schema = {};
      for (const [model, def] of Object.entries(createCoreSchema())) {
        const fields = Object.fromEntries(
          Object.entries(def.fields).map(([f, d]) => [f, added.has(`${model}.${f}`) ? { ...d, index: false } : d]),
        );
        // The user's sort indexes, (column, id), came with the listing's paging: only (email, id) before.
        const indexes = model === "user" ? def.indexes?.filter(([first]) => first === "email") : def.indexes;
        older[model] = { ...def, fields, ...(indexes ? { indexes } : {}) };
      }
      await kyselyAdapter({ database })({ schema: older }).migrate!();
      const adapter = kyselyAdapter({ database })({ schema: createCoreSchema() });
      const planned = (await adapter.migrate!({ dryRun: true })).statements;
      const names = [
        "user_name_id_idx",
        "user_createdAt_id_idx",
        "user_updatedAt_id_idx",
        "session_expiresAt_idx",
        "verification_expiresAt_idx",
        "rateLimit_lastRequest_idx",
      ];
      expect(planned.map((s) => /create index ["`](\w+)["`]/i.exec(s)?.[1]).sort()).toEqual([...names].sort());
      expect((await adapter.migrate!()).statements).toEqual(planned);
      expect((await adapter.migrate!({ dryRun: true })).statements).toEqual([]);
    });

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

    it("an added column with a literal default gives the rows already there that default, not NULL", async (ctx) => {
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
          fields: {
            ...base.user!.fields,
            banned: { type: "boolean", required: false, defaultValue: false },
            role: { type: "string", required: false, defaultValue: "user" },
            logins: { type: "number", required: false, defaultValue: 0 },
          },
        },
      };
      const v2 = kyselyAdapter({ database })({ schema: extended });
      await v2.migrate!();
      const user = await v2.findOne({ model: "user", where: [{ field: "id", value: "u1" }] });
      expect(user).toMatchObject({ banned: false, role: "user", logins: 0 });
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
          // Binary NO PAD: case-sensitive, and "a" and "a " are different strings.
          expect(ddl).toMatch(/utf8mb4_(nopad_bin|0900_bin)/);
        }
      });

      const slugSchema: Schema = { org: { fields: { slug: { type: "string", unique: true } } } };
      type Pool = { promise(): { query(sql: string): Promise<unknown> } };

      it("converts a table an earlier version created PAD SPACE; then 'slug' and 'slug ' are two values", async (ctx) => {
        const database = await fresh();
        if (!database) return ctx.skip();
        const pool = (database as Pool).promise();
        // The DDL earlier versions wrote: utf8mb4_bin is PAD SPACE.
        await pool.query(
          "create table `org` (`id` varchar(255) not null primary key, `slug` varchar(255) not null) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin",
        );
        await pool.query("create unique index `org_slug_uidx` on `org` (`slug`)");
        const adapter = kyselyAdapter({ database })({ schema: slugSchema });
        const { statements } = await adapter.migrate!();
        expect(statements).toEqual([
          expect.stringMatching(/^alter table .org. convert to character set utf8mb4 collate/),
        ]);
        expect((await adapter.migrate!()).statements).toEqual([]);
        await adapter.create({ model: "org", data: { id: "1", slug: "slug" } });
        await adapter.create({ model: "org", data: { id: "2", slug: "slug " } });
        expect(await adapter.findOne({ model: "org", where: [{ field: "slug", value: "slug  " }] })).toBeNull();
        expect(await adapter.findOne({ model: "org", where: [{ field: "slug", value: "slug " }] })).toMatchObject({
          id: "2",
        });
      });

      it("never matches trailing spaces, even on a PAD SPACE table left unconverted", async (ctx) => {
        const database = await fresh();
        if (!database) return ctx.skip();
        const pool = (database as Pool).promise();
        await pool.query(
          "create table `org` (`id` varchar(255) not null primary key, `slug` varchar(255) not null) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin",
        );
        await pool.query("insert into `org` values ('id1', 'slug'), ('id2', 'other ')");
        // No migrate: the table stays PAD SPACE, and the query guard alone must hold.
        const adapter = kyselyAdapter({ database })({ schema: slugSchema });
        const find = (field: string, value: unknown, operator?: "eq" | "ne" | "in" | "not_in") =>
          adapter.findMany<{ id: string }>({ model: "org", where: [{ field, value, operator }] });
        const ids = async (p: Promise<{ id: string }[]>) => (await p).map((r) => r.id).sort();
        expect(await ids(find("id", "id1 "))).toEqual([]);
        expect(await ids(find("slug", "slug "))).toEqual([]);
        expect(await ids(find("slug", "slug"))).toEqual(["id1"]);
        expect(await ids(find("slug", "other "))).toEqual(["id2"]);
        expect(await ids(find("slug", "slug ", "ne"))).toEqual(["id1", "id2"]);
        expect(await ids(find("slug", ["slug ", "other "], "in"))).toEqual(["id2"]);
        expect(await ids(find("slug", ["slug ", "x"], "not_in"))).toEqual(["id1", "id2"]);
        expect(await adapter.count({ model: "org", where: [{ field: "id", value: "id2 " }] })).toBe(0);
      });
    }
  });
}
