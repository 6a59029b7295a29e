// DDL per dialect, checked as text: no database needed, so these run everywhere.
import { createCoreSchema } from "@gatehouse-auth/core";
import type { Schema } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { generateSql } from "./generate-sql.js";

const core = createCoreSchema();
const lines = (dialect: "sqlite" | "postgres" | "mysql", schema: Schema = core) =>
  generateSql(schema, dialect).split("\n");
const createOf = (ddl: string[], table: string) => ddl.find((l) => new RegExp(`^create table .${table}. `).test(l));

describe("generateSql", () => {
  it("SQLite: INTEGER ms dates, 0/1 booleans, TEXT json, foreign keys and indexes", () => {
    const ddl = lines("sqlite");
    expect(createOf(ddl, "user")).toBe(
      'create table "user" ("id" text not null primary key, "name" text not null, "email" text not null, ' +
        '"emailVerified" integer not null, "image" text, "createdAt" integer not null, "updatedAt" integer not null);',
    );
    expect(createOf(ddl, "session")).toContain(
      'constraint "session_userId_fk" foreign key ("userId") references "user" ("id") on delete cascade',
    );
    expect(createOf(ddl, "rateLimit")).toContain('"lastRequest" real not null');
    expect(ddl).toContain('create unique index "user_email_uidx" on "user" ("email");');
    expect(ddl).toContain('create index "session_userId_idx" on "session" ("userId");');
  });

  it("PostgreSQL: timestamptz(3), boolean, jsonb, double precision", () => {
    const schema: Schema = { ...core, extra: { fields: { data: { type: "json" }, on: { type: "boolean" } } } };
    const ddl = lines("postgres", schema);
    expect(createOf(ddl, "session")).toContain('"expiresAt" timestamptz(3) not null');
    expect(createOf(ddl, "user")).toContain('"emailVerified" boolean not null');
    expect(createOf(ddl, "rateLimit")).toContain('"lastRequest" double precision not null');
    expect(createOf(ddl, "extra")).toBe(
      'create table "extra" ("id" text not null primary key, "data" jsonb not null, "on" boolean not null);',
    );
    expect(ddl).toContain('create unique index "session_token_uidx" on "session" ("token");');
  });

  it("MySQL: DATETIME(3), VARCHAR/TEXT, utf8mb4_bin InnoDB tables, no ON UPDATE, no index on TEXT", () => {
    const schema: Schema = {
      ...core,
      note: { fields: { body: { type: "string", long: true, index: true }, code: { type: "string", maxLength: 32 } } },
    };
    const ddl = lines("mysql", schema);
    const user = createOf(ddl, "user") ?? "";
    expect(user).toContain("`id` varchar(255) not null primary key");
    expect(user).toContain("`createdAt` datetime(3) not null");
    expect(user).toContain("`emailVerified` tinyint(1) not null");
    expect(user).toContain("`image` text,");
    expect(user).toMatch(/\) engine=InnoDB default charset=utf8mb4 collate=utf8mb4_bin;$/);
    expect(createOf(ddl, "note")).toContain("`code` varchar(32) not null");
    expect(ddl.join("\n")).not.toMatch(/note_body_idx|on update|timestamp /i);
    for (const l of ddl.filter((l) => l.startsWith("create table"))) expect(l).toContain("utf8mb4_bin");
  });

  it("uses modelName as the table and creates referenced tables before the tables pointing at them", () => {
    const schema: Schema = {
      membership: {
        modelName: "memberships",
        fields: { teamId: { type: "string", references: { model: "team", field: "id", onDelete: "set null" } } },
      },
      team: { modelName: "teams", fields: { name: { type: "string", unique: true } } },
    };
    for (const dialect of ["sqlite", "postgres", "mysql"] as const) {
      const ddl = lines(dialect, schema);
      const teams = ddl.findIndex((l) => /^create table .teams. /.test(l));
      const memberships = ddl.findIndex((l) => /^create table .memberships. /.test(l));
      expect(teams).toBeGreaterThanOrEqual(0);
      expect(memberships).toBeGreaterThan(teams);
      expect(ddl[memberships]).toMatch(/references .teams. \(.id.\) on delete set null/);
      expect(ddl.join("\n")).toMatch(/create unique index .teams_name_uidx. on .teams./);
      expect(ddl.join("\n")).toMatch(/create index .memberships_teamId_idx. on .memberships./);
    }
  });

  it("rejects an unknown dialect", () => {
    expect(() => generateSql(core, "oracle" as never)).toThrow(/Unknown dialect/);
  });
});
