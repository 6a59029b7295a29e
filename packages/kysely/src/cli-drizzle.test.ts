// `gatehouse-auth generate --orm drizzle`: the Drizzle module for the config's plugins, to stdout or a
// file, regenerated without touching what was there, and never over a file it did not write.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "./cli.js";

async function run(args: string[], cwd: string) {
  const lines: string[] = [];
  const warnings: string[] = [];
  const code = await main(
    args,
    (l) => lines.push(l),
    (l) => warnings.push(l),
    cwd,
  );
  return { code, text: lines.join("\n"), warnings: warnings.join("\n") };
}

/** An app folder whose auth.mjs exports options with the given plugin schemas. */
function app(plugins: string): string {
  const dir = mkdtempSync(join(tmpdir(), "gh-cli-drizzle-"));
  writeFileSync(join(dir, "auth.mjs"), `export default { plugins: [${plugins}] };`);
  return dir;
}

const pets = `{ id: "pets", schema: { pet: { fields: { ownerId: { type: "string", references: { model: "user", field: "id" } }, name: { type: "string", index: true } } } } }`;
const toys = `{ id: "toys", schema: { toy: { fields: { petId: { type: "string", references: { model: "pet", field: "id", onDelete: "set null" }, required: false } } } } }`;

/** The `export const X = …Table(…);` blocks of a generated module. */
const tableBlocks = (code: string) => code.split("\n\n").filter((b) => /^export const \w+ = \w+Table\(/.test(b));

describe("gatehouse-auth generate --orm drizzle", () => {
  it("prints the config's tables (plugins included) for each dialect, with indexes, foreign keys and relations", async () => {
    const dir = app(pets);
    const pg = await run(["generate", "--orm", "drizzle", "--dialect", "pg"], dir);
    expect(pg.code).toBe(0);
    expect(pg.warnings).toContain("using auth.mjs");
    expect(pg.text).toContain(`export const pet = pgTable(`);
    expect(pg.text).toContain(`ownerId: text("ownerId").notNull().references(() => user.id, { onDelete: "cascade" })`);
    expect(pg.text).toContain(`index("pet_name_idx").on(t.name)`);
    expect(pg.text).toContain(`uniqueIndex("user_email_uidx").on(t.email)`);
    expect(pg.text).toContain(`owner: one(user, { fields: [pet.ownerId], references: [user.id] })`);
    expect(pg.text).toMatch(
      /export const userRelations = relations\(user, \(\{ many \}\) => \(\{[^;]*pets: many\(pet\)/,
    );
    const sqlite = await run(["generate", "--orm", "drizzle", "--dialect", "sqlite"], dir);
    expect(sqlite.text).toContain(`createdAt: integer("createdAt", { mode: "timestamp_ms" }).notNull()`);
    const mysql = await run(["generate", "--orm", "drizzle", "--dialect", "mysql"], dir);
    expect(mysql.text).toContain(`email: varchar("email", { length: 255 }).notNull()`);
    expect(mysql.text).toContain(`datetime("createdAt", { mode: "date", fsp: 3 })`);
  });

  it("takes the dialect from --url or DATABASE_URL, and refuses an unknown one or none", async () => {
    const dir = app("");
    expect((await run(["generate", "--orm", "drizzle", "--url", "postgres://h/db"], dir)).text).toContain("pgTable(");
    expect((await run(["generate", "--orm", "drizzle", "--url", "mariadb://h/db"], dir)).text).toContain("mysqlTable(");
    expect((await run(["generate", "--orm", "drizzle", "--url", "auth.db"], dir)).text).toContain("sqliteTable(");
    await expect(run(["generate", "--orm", "drizzle", "--dialect", "oracle"], dir)).rejects.toThrow(/Unknown dialect/);
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      await expect(run(["generate", "--orm", "drizzle"], dir)).rejects.toThrow(/needs --dialect/);
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
    await expect(run(["generate", "--orm", "prisma-ish", "--dialect", "pg"], dir)).rejects.toThrow(/Unknown --orm/);
    await expect(run(["migrate", "--orm", "drizzle", "--url", "auth.db"], dir)).rejects.toThrow(/options of generate/);
  });

  it("--output writes the file; generating again after adding a plugin keeps every table as it was and adds the new one", async () => {
    const dir = app(pets);
    expect(
      (await run(["generate", "--orm", "drizzle", "--dialect", "pg", "--output", "auth-schema.ts"], dir)).text,
    ).toBe("");
    const first = readFileSync(join(dir, "auth-schema.ts"), "utf8");
    // A second module: the first stays in this process's import cache.
    writeFileSync(join(dir, "auth2.mjs"), `export default { plugins: [${pets}, ${toys}] };`);
    const args = [
      "generate",
      "--orm",
      "drizzle",
      "--dialect",
      "pg",
      "--output",
      "auth-schema.ts",
      "--config",
      "auth2.mjs",
    ];
    const again = await run(args, dir);
    expect(again.warnings).toContain("wrote auth-schema.ts");
    const second = readFileSync(join(dir, "auth-schema.ts"), "utf8");
    for (const block of tableBlocks(first)) expect(second).toContain(block);
    expect(tableBlocks(second)).toHaveLength(tableBlocks(first).length + 1);
    expect(second).toContain(`petId: text("petId").references(() => pet.id, { onDelete: "set null" })`);
  });

  it("--output never overwrites a file it did not write (the app's own schema named by mistake)", async () => {
    const dir = app("");
    const mine = `import { pgTable, text } from "drizzle-orm/pg-core";\nexport const posts = pgTable("posts", { id: text("id") });\n`;
    writeFileSync(join(dir, "schema.ts"), mine);
    await expect(
      run(["generate", "--orm", "drizzle", "--dialect", "pg", "--output", "schema.ts"], dir),
    ).rejects.toThrow(/was not written by gatehouse-auth generate/);
    expect(readFileSync(join(dir, "schema.ts"), "utf8")).toBe(mine);
  });
});
