// What the shared suite does not cover: a schema module that lacks tables, columns the app typed its own
// way, SQLite transactions next to other requests' writes, driver errors that must not carry Drizzle's
// bound parameters, and misuse of drizzleAdapter itself.
import { AdapterError, createAuth, createCoreSchema } from "@gatehouse-auth/core";
import type { Schema } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { drizzleAdapter } from "../src/index.js";
import { importGeneratedSchema, migrateWithKysely } from "./open-drizzle.js";

const SECRET = "test-secret-0123456789abcdef0123456789";

async function sqliteAuth(schemaModule?: Record<string, unknown>) {
  const sqlite = new Database(":memory:");
  await migrateWithKysely(sqlite, createCoreSchema());
  const module = schemaModule ?? (await importGeneratedSchema(createCoreSchema(), "sqlite")).module;
  const db = drizzle(sqlite, { schema: module });
  const errors: string[] = [];
  const auth = createAuth({
    secret: SECRET,
    database: drizzleAdapter(db, { provider: "sqlite", schema: module }),
    logger: { error: (...a: unknown[]) => void errors.push(a.map(String).join(" ")), warn: () => {} },
  });
  return { sqlite, db, auth, errors };
}

describe("drizzleAdapter", () => {
  it("refuses a wrong provider, a non-Drizzle object or a missing schema at once", () => {
    const db = drizzle(new Database(":memory:"));
    expect(() => drizzleAdapter(db, { provider: "oracle" as never, schema: {} })).toThrow(/provider must be/);
    expect(() => drizzleAdapter({}, { provider: "sqlite", schema: {} })).toThrow(/must be a Drizzle database/);
    expect(() => drizzleAdapter(db, { provider: "sqlite", schema: undefined as never })).toThrow(/`schema`/);
  });

  it("a schema module without a plugin's table: ready() names it and the command; the rest keeps working", async () => {
    const { module } = await importGeneratedSchema(createCoreSchema(), "sqlite");
    const { verification: _dropped, ...partial } = module;
    const { auth } = await sqliteAuth(partial);
    await expect(auth.ready()).rejects.toThrow(/lacks table verification.*generate --orm drizzle/);
    await expect(
      auth.$context.adapter.findOne({ model: "verification", where: [{ field: "id", value: "x" }] }),
    ).rejects.toBeInstanceOf(AdapterError);
    // The config still loads (the CLI must be able to generate the missing table from it).
    expect(await auth.$context.adapter.count({ model: "user" })).toBe(0);
  });

  it("a column missing from a table is named with its table", async () => {
    const { module } = await importGeneratedSchema(createCoreSchema(), "sqlite");
    const user = sqliteTable("user", { id: text("id").primaryKey(), email: text("email") });
    const { auth } = await sqliteAuth({ ...module, user });
    await expect(auth.ready()).rejects.toThrow(/column user\.name/);
  });

  it("columns the app typed its own way (date as ISO text or epoch, flag as 0/1, JSON as text, snake_case names) round-trip", async () => {
    const schema: Schema = {
      gadget: {
        fields: {
          seenAt: { type: "date" },
          bornAt: { type: "date", required: false },
          enabled: { type: "boolean" },
          data: { type: "json", required: false },
          ownerName: { type: "string" },
        },
      },
    };
    const gadget = sqliteTable("gadget", {
      id: text("id").primaryKey(),
      seenAt: text("seen_at").notNull(),
      bornAt: integer("born_at"),
      enabled: integer("enabled").notNull(),
      data: text("data"),
      ownerName: text("owner_name").notNull(),
    });
    const sqlite = new Database(":memory:");
    sqlite.exec(
      "create table gadget (id text primary key, seen_at text not null, born_at integer, enabled integer not null, data text, owner_name text not null)",
    );
    const adapter = drizzleAdapter(drizzle(sqlite), { provider: "sqlite", schema: { gadget } })({ schema });
    const seenAt = new Date("2026-03-04T05:06:07.089Z");
    const bornAt = new Date(1_700_000_000_123);
    const created = await adapter.create({
      model: "gadget",
      data: { id: "g1", seenAt, bornAt, enabled: true, data: { a: [1, "two"] }, ownerName: "Ann" },
    });
    expect(created).toEqual({ id: "g1", seenAt, bornAt, enabled: true, data: { a: [1, "two"] }, ownerName: "Ann" });
    expect(sqlite.prepare("select * from gadget").get()).toEqual({
      id: "g1",
      seen_at: "2026-03-04T05:06:07.089Z",
      born_at: 1_700_000_000_123,
      enabled: 1,
      data: '{"a":[1,"two"]}',
      owner_name: "Ann",
    });
    const found = await adapter.findMany({
      model: "gadget",
      where: [
        { field: "seenAt", operator: "gt", value: new Date("2026-01-01T00:00:00Z") },
        { field: "enabled", value: true },
        { field: "ownerName", operator: "starts_with", value: "an" },
      ],
    });
    expect(found.map((r) => r.id)).toEqual(["g1"]);
  });

  it("SQLite: a write outside a transaction waits for it and is not rolled back with it", async () => {
    const { auth, sqlite } = await sqliteAuth();
    const adapter = auth.$context.adapter;
    const now = new Date();
    const user = (id: string) => ({
      id,
      name: id,
      email: `${id}@example.com`,
      emailVerified: false,
      createdAt: now,
      updatedAt: now,
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const failing = adapter.transaction(async (tx) => {
      await tx.create({ model: "user", data: user("in-tx") });
      await held;
      throw new Error("rolled back");
    });
    // Started while the transaction is open: it must land after it, outside it.
    const outside = adapter.create({ model: "user", data: user("outside") });
    release();
    await expect(failing).rejects.toThrow("rolled back");
    await outside;
    const ids = (sqlite.prepare("select id from user order by id").all() as { id: string }[]).map((r) => r.id);
    expect(ids).toEqual(["outside"]);
  });

  it("a query error is the driver's own, without Drizzle's message listing the bound values", async () => {
    const { auth, sqlite } = await sqliteAuth();
    sqlite.exec("drop table session");
    const failure = await auth.$context.adapter
      .create({
        model: "session",
        data: {
          id: "s1",
          token: "secret-session-token-value",
          userId: "u",
          expiresAt: new Date(),
          createdAt: new Date(),
          updatedAt: new Date(),
        },
      })
      .catch((e: unknown) => e as Error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/no such table/);
    expect(String((failure as Error).message)).not.toContain("secret-session-token-value");
  });

  it("serves sign-up, sign-in and sessions over HTTP (the schema's default values and unique e-mail)", async () => {
    const { auth } = await sqliteAuth();
    await auth.ready();
    const client = createTestClient(auth);
    const body = { name: "A", email: "a@example.com", password: "password-123" };
    expect((await client.post("/sign-up/email", body)).status).toBe(200);
    expect((await client.get("/get-session")).body.user.email).toBe("a@example.com");
    const again = await createTestClient(auth).post("/sign-up/email", body);
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    const signIn = await createTestClient(auth).post("/sign-in/email", { email: body.email, password: body.password });
    expect(signIn.status).toBe(200);
  });
});
