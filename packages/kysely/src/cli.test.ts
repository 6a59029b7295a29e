import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { main, runCli } from "./cli.js";

async function run(args: string[]) {
  const lines: string[] = [];
  const code = await main(args, (l) => lines.push(l));
  return { code, text: lines.join("\n") };
}

describe("gatehouse CLI", () => {
  it("generate prints the CREATE script for each dialect", async () => {
    const { code, text } = await run(["generate", "--dialect", "mysql"]);
    expect(code).toBe(0);
    expect(text).toContain("create table `user`");
    expect(text).toContain("datetime(3)");
    expect(text.toLowerCase()).not.toContain("on update");
    expect((await run(["generate", "--dialect", "postgres"])).text).toContain('"createdAt" timestamptz(3) not null');
  });

  it("rejects an unknown dialect or command with a message", async () => {
    await expect(run(["generate", "--dialect", "oracle"])).rejects.toThrow(/Unknown dialect/);
    await expect(run(["frobnicate"])).rejects.toThrow(/unknown command/);
  });

  it("migrate creates the tables in a SQLite file, then reports it up to date; --dry-run changes nothing", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "gh-cli-")), "auth.db");
    const dry = await run(["migrate", "--url", `sqlite:${file}`, "--dry-run"]);
    expect(dry.text).toMatch(/would apply \d+ statement/);
    const first = await run(["migrate", "--url", `sqlite:${file}`]);
    expect(first.text).toMatch(/applied \d+ statement/);
    const tables = new Database(file)
      .prepare("select name from sqlite_master where type = 'table' order by name")
      .all();
    expect(tables.map((t) => (t as { name: string }).name)).toEqual([
      "account",
      "rateLimit",
      "session",
      "user",
      "verification",
    ]);
    expect((await run(["migrate", "--url", `sqlite:${file}`])).text).toContain("up to date");
  });

  it("--config takes the schema from an exported auth ($context awaited) or from exported options", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gh-cli-config-"));
    const authModule = join(dir, "auth.mjs");
    writeFileSync(
      authModule,
      `export const auth = { $context: Promise.resolve({ schema: { thing: { fields: { n: { type: "number" } } } } }) };`,
    );
    const fromAuth = await run(["generate", "--dialect", "postgres", "--config", authModule]);
    expect(fromAuth.text).toBe('create table "thing" ("id" text not null primary key, "n" double precision not null);');

    const optionsModule = join(dir, "options.mjs");
    writeFileSync(
      optionsModule,
      `export default {
        database: () => { throw new Error("the CLI must not open the app's database"); },
        user: { additionalFields: { plan: { type: "string", required: false } } },
        plugins: [{ id: "pets", schema: { pet: { fields: { ownerId: { type: "string", references: { model: "user", field: "id" } } } } } }],
      };`,
    );
    const fromOptions = await run(["generate", "--dialect", "sqlite", "--config", optionsModule]);
    expect(fromOptions.text).toContain('create table "pet"');
    expect(fromOptions.text).toMatch(/create table "user" \(.*"plan" text/);

    await expect(run(["generate", "--dialect", "sqlite", "--config", join(dir, "missing.mjs")])).rejects.toThrow();
  });

  it("errors are one line and exit code 1; --debug adds the stack", async () => {
    const errors: string[] = [];
    const code = await runCli(
      ["generate", "--dialect", "oracle"],
      () => {},
      (l) => errors.push(l),
    );
    expect(code).toBe(1);
    expect(errors).toEqual(['gatehouse: Unknown dialect "oracle" (sqlite, postgres or mysql)']);
    const debug: string[] = [];
    expect(
      await runCli(
        ["frobnicate", "--debug"],
        () => {},
        (l) => debug.push(l),
      ),
    ).toBe(1);
    expect(debug.join("\n")).toMatch(/unknown command "frobnicate"[\s\S]*\n\s+at /);
    expect(
      await runCli(
        ["--bogus"],
        () => {},
        () => {},
      ),
    ).toBe(1);
  });
});
