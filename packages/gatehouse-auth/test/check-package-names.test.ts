import { execFile, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// scripts/check-package-names.mjs keeps strangers' packages out of our docs and examples: the npm
// scope @gatehouse and the name gatehouse are other projects'. The repository must pass, and a copy
// of it with one planted bad name must not.
const root = fileURLToPath(new URL("../../..", import.meta.url));
const script = join(root, "scripts/check-package-names.mjs");
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
}, 60_000);

/** Runs the checker on a tree (asynchronously: a blocked test worker misses vitest's heartbeats). */
function check(treeRoot: string): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [script, "--root", treeRoot], (error, stdout, stderr) =>
      resolve({ status: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });
}

let base = "";
/** A copy of the repository's docs, package.json files and examples (no node_modules): what the checker reads. */
function copyOfRepository(): string {
  const tree = mkdtempSync(join(tmpdir(), "gatehouse-names-"));
  temporary.push(tree);
  if (base) {
    cpSync(base, tree, { recursive: true });
    return tree;
  }
  base = tree;
  const files = spawnSync("git", ["ls-files", "*.md", "*package.json", "examples/*"], { cwd: root, encoding: "utf8" })
    .stdout.split("\n")
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(tree, file)), { recursive: true });
    cpSync(join(root, file), join(tree, file));
  }
  return copyOfRepository();
}

/** Appends text to a file of the tree. */
function plant(tree: string, file: string, text: string) {
  const path = join(tree, file);
  mkdirSync(dirname(path), { recursive: true });
  let before = "";
  try {
    before = readFileSync(path, "utf8");
  } catch {}
  writeFileSync(path, `${before}\n${text}\n`);
}

describe("check-package-names", () => {
  it("passes on the repository: every doc and example names only our packages and declared dependencies", async () => {
    const { status, output } = await check(root);
    expect(output).toContain("package names: all ok");
    expect(status).toBe(0);
  });

  it("passes on a copy of the repository's docs and examples (so the planted failures below are the plants)", async () => {
    const { status, output } = await check(copyOfRepository());
    expect(output).toContain("package names: all ok");
    expect(status).toBe(0);
  });

  it.each([
    [
      "README.md",
      "```sh\nnpm install @gatehouse/core better-sqlite3\n```",
      '"@gatehouse/core", which is not one of our packages',
    ],
    [
      "docs/getting-started.md",
      "```sh\nnpx -y gatehouse migrate\n```",
      '"gatehouse", which is not one of our packages',
    ],
    [
      "docs/frameworks.md",
      '```ts\nimport { toNodeHandler } from "gatehouse/node";\n```',
      '"gatehouse", which is not one of',
    ],
    [
      "docs/client.md",
      "Run `pnpm add @gatehouse/react` first.",
      '"@gatehouse/react", which is not one of our packages',
    ],
    [
      "docs/plugins.md",
      '```js\nconst { createAuth } = require("gatehouse-core");\n```',
      '"gatehouse-core", which is not',
    ],
    ["docs/database.md", "```sh\nnpm i express left-pad\n```", '"left-pad", neither ours nor a dependency'],
    ["docs/redis.md", "Our old name was @gatehouse/redis.", '"@gatehouse/redis", which is not one of our packages'],
    [
      "examples/react-app/src/planted.ts",
      'import { x } from "@gatehouse/core";',
      '"@gatehouse/core", which is not one of our packages',
    ],
    [
      "examples/nextjs/lib/planted.ts",
      'import pad from "left-pad";',
      '"left-pad", which examples/nextjs/package.json does not declare',
    ],
    ["docs/security.md", "<!-- package-names: @gatehouse/core -->", "can't be listed in package-names"],
  ])("fails on a planted bad name in %s", async (file, text, message) => {
    const tree = copyOfRepository();
    plant(tree, file, text);
    const { status, output } = await check(tree);
    expect(output).toContain(message);
    expect(output).toContain(file);
    expect(status).toBe(1);
  });

  it("fails on an example package.json that depends on a stranger's @gatehouse package or takes ours from the registry", async () => {
    const tree = copyOfRepository();
    const file = join(tree, "examples/nextjs/package.json");
    const pkg = JSON.parse(readFileSync(file, "utf8")) as { dependencies: Record<string, string> };
    pkg.dependencies["@gatehouse/core"] = "^0.1.0";
    pkg.dependencies["@gatehouse-auth/kysely"] = "^0.1.0";
    writeFileSync(file, JSON.stringify(pkg));
    const { status, output } = await check(tree);
    expect(output).toContain('dependencies names "@gatehouse/core", which is not one of our packages');
    expect(output).toContain('takes "@gatehouse-auth/kysely" from "^0.1.0", not from the workspace');
    expect(status).toBe(1);
  });

  it("lets through what is ours or declared: express, pg, node builtins, relative files, our subpaths, the tarballs", async () => {
    const tree = copyOfRepository();
    plant(
      tree,
      "docs/planted-fine.md",
      [
        "```sh",
        "npm install ./release/gatehouse-auth-0.1.0.tgz pg express@5",
        "npx gatehouse-auth migrate",
        "```",
        "```ts",
        'import { createServer } from "node:http";',
        'import { readFile } from "fs/promises";',
        'import { auth } from "./auth.js";',
        'import { toNodeHandler } from "gatehouse-auth/node";',
        'import { organizationClient } from "@gatehouse-auth/organization/client";',
        "```",
      ].join("\n"),
    );
    const { status, output } = await check(tree);
    expect(output).toContain("package names: all ok");
    expect(status).toBe(0);
  });
});
