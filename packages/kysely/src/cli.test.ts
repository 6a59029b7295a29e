import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { main } from "./cli.js";

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
});
