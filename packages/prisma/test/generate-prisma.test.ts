// `gatehouse-auth generate --orm prisma`: Gatehouse's models (relations, indexes) written into the
// app's schema.prisma between two marker lines; the rest of the file untouched; regenerating after
// adding a plugin only adds; Prisma's own CLI (offline) accepts the result on each provider.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../../kysely/src/cli.js";
import { prismaCli } from "./open-prisma.js";

async function run(args: string[], cwd: string) {
  const warnings: string[] = [];
  const lines: string[] = [];
  const code = await main(
    args,
    (l) => lines.push(l),
    (l) => warnings.push(l),
    cwd,
  );
  return { code, warnings: warnings.join("\n"), text: lines.join("\n") };
}

const pets = `{ id: "pets", schema: { pet: { fields: { ownerId: { type: "string", references: { model: "user", field: "id" } }, name: { type: "string", index: true } } } } }`;
const toys = `{ id: "toys", schema: { toy: { fields: { petId: { type: "string", references: { model: "pet", field: "id", onDelete: "set null" }, required: false } } } } }`;
const orgs = `(await import(${JSON.stringify(join(import.meta.dirname, "../../organization/src/index.ts"))})).organization()`;

const APP_SCHEMA = `generator client {
  provider = "prisma-client"
  output   = "../src/generated/prisma"
}

datasource db {
  provider = "PROVIDER"
}

// The app's own model stays as it is.
model Post {
  id    Int    @id @default(autoincrement())
  title String
}
`;

function app(provider: string, plugins: string): string {
  const dir = mkdtempSync(join(tmpdir(), "gh-prisma-gen-"));
  writeFileSync(join(dir, "auth.mjs"), `export default { plugins: [${plugins}] };`);
  mkdirSync(join(dir, "prisma"));
  writeFileSync(join(dir, "prisma", "schema.prisma"), APP_SCHEMA.replace("PROVIDER", provider));
  writeFileSync(join(dir, "prisma.config.mjs"), 'export default { schema: "prisma/schema.prisma" };\n');
  return dir;
}

/** True when every line of `before` appears in `after`, in order: nothing was changed or removed. */
function onlyAdded(before: string, after: string): boolean {
  const lines = after.split("\n");
  let at = 0;
  for (const line of before.split("\n")) {
    while (at < lines.length && lines[at] !== line) at++;
    if (at === lines.length) return false;
    at++;
  }
  return true;
}

describe("gatehouse-auth generate --orm prisma", () => {
  for (const provider of ["sqlite", "postgresql", "mysql"]) {
    it(`writes models with relations and indexes into the app's schema.prisma (${provider}); prisma validate accepts it; again after a plugin only adds`, async () => {
      const dir = app(provider, pets);
      const file = join(dir, "prisma", "schema.prisma");
      expect((await run(["generate", "--orm", "prisma"], dir)).code).toBe(0);
      const first = readFileSync(file, "utf8");
      expect(first.startsWith(APP_SCHEMA.replace("PROVIDER", provider))).toBe(true);
      expect(first).toContain("  owner User @relation(fields: [ownerId], references: [id], onDelete: Cascade)\n");
      expect(first).toContain("  pets Pet[]\n");
      expect(first).toContain('  @@index([name], map: "pet_name_idx")');
      expect(first).toContain('@unique(map: "user_email_uidx")');
      expect(first).toContain('  @@map("pet")');

      // A new module name: the first one is in the module cache.
      // On PostgreSQL with the organization plugin too (several references to one model).
      const more = provider === "postgresql" ? `, ${orgs}` : "";
      writeFileSync(join(dir, "auth2.mjs"), `export default { plugins: [${pets}, ${toys}${more}] };`);
      expect((await run(["generate", "--orm", "prisma", "--config", "auth2.mjs"], dir)).code).toBe(0);
      const second = readFileSync(file, "utf8");
      expect(onlyAdded(first, second)).toBe(true);
      expect(second).toContain("model Toy {");
      expect(second).toContain("  pet Pet? @relation(fields: [petId], references: [id], onDelete: SetNull)");
      if (more) expect(second).toContain("model Member {");
      // Prisma's own check (its schema parser, offline): relations paired, names and attributes valid.
      await prismaCli(["validate"], dir);

      const again = await run(["generate", "--orm", "prisma", "--config", "auth2.mjs"], dir);
      expect(again.warnings).toMatch(/up to date/);
      expect(readFileSync(file, "utf8")).toBe(second);
    }, 60_000);
  }

  it("writes a new file with a generator and datasource, takes the provider from --dialect, and refuses a clash with the app's model", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gh-prisma-gen-"));
    writeFileSync(join(dir, "auth.mjs"), "export default { plugins: [] };");
    expect(
      (await run(["generate", "--orm", "prisma", "--dialect", "pg", "--output", "db/auth.prisma"], dir)).code,
    ).toBe(0);
    const text = readFileSync(join(dir, "db", "auth.prisma"), "utf8");
    expect(text).toContain('provider = "postgresql"');
    expect(text).toContain("model User {");
    await expect(run(["generate", "--orm", "prisma", "--dialect", "oracle"], dir)).rejects.toThrow(/Unknown dialect/);
    const clash = app("sqlite", "");
    writeFileSync(
      join(clash, "prisma", "schema.prisma"),
      `${APP_SCHEMA.replace("PROVIDER", "sqlite")}\nmodel User {\n  id Int @id\n}\n`,
    );
    await expect(run(["generate", "--orm", "prisma"], clash)).rejects.toThrow(/already declares model User/);
    const none = mkdtempSync(join(tmpdir(), "gh-prisma-gen-"));
    writeFileSync(join(none, "auth.mjs"), "export default { plugins: [] };");
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      await expect(run(["generate", "--orm", "prisma"], none)).rejects.toThrow(/needs --dialect/);
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
  });
});
