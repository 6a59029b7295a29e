// The published build runs kysely from dist/kysely-vendored.js (src/kysely-runtime.ts says why). These
// checks keep that honest: the file holds the exact version package.json declares, it exports what
// the source imports, nothing in dist still loads kysely itself, and an app's own Kysely instance (a
// second copy of kysely) works with the built adapter. `pnpm test` builds the packages first.
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import type { Schema } from "@gatehouse-auth/core";
import { Kysely, SqliteDialect } from "kysely";
import { describe, expect, it } from "vitest";
import * as runtime from "./kysely-runtime.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "dist");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};

function installedKyselyVersion(): string {
  let dir = dirname(createRequire(join(root, "package.json")).resolve("kysely"));
  while (basename(dir) !== "kysely") {
    if (dirname(dir) === dir) throw new Error("kysely's package folder not found");
    dir = dirname(dir);
  }
  return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );

describe("the vendored kysely", () => {
  it("is the exact version package.json declares, so audits and types see the code that runs", () => {
    const declared = manifest.dependencies.kysely;
    expect(declared).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installedKyselyVersion()).toBe(declared);
    const banner = readFileSync(join(dist, "kysely-vendored.js"), "utf8").slice(0, 200);
    expect(banner).toContain(`kysely ${declared} `);
    expect(banner).toContain("MIT License");
  });

  it("exports every value src/kysely-runtime.ts does", async () => {
    const vendored = await import(pathToFileURL(join(dist, "kysely-vendored.js")).href);
    expect(Object.keys(vendored).sort()).toEqual(Object.keys(runtime).sort());
  });

  it("is the only way the build reaches kysely: no dist file imports kysely itself", () => {
    const built = readdirSync(dist).filter((f) => f.endsWith(".js") && f !== "kysely-vendored.js");
    expect(built.length).toBeGreaterThan(1);
    for (const file of built) {
      const text = readFileSync(join(dist, file), "utf8");
      expect(text, file).not.toMatch(
        /from\s*["']kysely["']|import\(\s*["']kysely["']\s*\)|require\(\s*["']kysely["']\s*\)/,
      );
    }
  });

  it("is the only module of src that imports kysely's values (types may come from kysely)", () => {
    const offenders = sourceFiles(join(root, "src"))
      .filter((f) => !f.endsWith(".test.ts") && !f.endsWith("kysely-runtime.ts"))
      .filter((f) => /^import\s+\{[^}]*\}\s+from\s+"kysely";/m.test(readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });

  it("runs an app's own Kysely instance (another copy of kysely) through the built adapter", async () => {
    const { kyselyAdapter } = (await import(pathToFileURL(join(dist, "index.js")).href)) as typeof import("./index.js");
    const schema: Schema = { note: { fields: { text: { type: "string" }, at: { type: "date" } } } };
    const sqlite = new Database(":memory:");
    const db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
    const adapter = kyselyAdapter({ db, dialect: "sqlite" })({ schema });
    await adapter.migrate!();
    const at = new Date("2026-11-24T10:00:00.000Z");
    await adapter.create({ model: "note", data: { id: "n1", text: "one", at } });
    await adapter.update({ model: "note", where: [{ field: "id", value: "n1" }], update: { text: "two" } });
    expect(await adapter.findOne({ model: "note", where: [{ field: "text", value: "two" }] })).toEqual({
      id: "n1",
      text: "two",
      at,
    });
    expect(await adapter.count({ model: "note", where: [{ field: "at", operator: "lte", value: at }] })).toBe(1);
    await adapter.delete({ model: "note", where: [{ field: "id", value: "n1" }] });
    expect(await adapter.findMany({ model: "note" })).toEqual([]);
    await db.destroy();
  });
});
