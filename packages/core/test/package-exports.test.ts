import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// Every package of the repository must stay loadable by CommonJS apps (`require`) through the very
// ESM file that `import` loads: scripts/package-exports.mjs checks the package.json files, and the
// last test loads each built entry with require() in a plain Node process.
const root = fileURLToPath(new URL("../../..", import.meta.url));
const script = join(root, "scripts/package-exports.mjs");
const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
});

/** Runs the checker on a tree; returns its exit code and output. */
function check(treeRoot: string) {
  const run = spawnSync(process.execPath, [script, "--root", treeRoot], { encoding: "utf8" });
  return { status: run.status, output: run.stdout + run.stderr };
}

/** Publishable packages of the repository: name, folder and export subpaths. */
function packages() {
  return readdirSync(join(root, "packages"), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) => {
      try {
        const file = join(root, "packages", d.name, "package.json");
        const pkg = JSON.parse(readFileSync(file, "utf8")) as { name: string; exports: Record<string, unknown> };
        // A plain-string export is a file, not a module (the dashboard's style sheet): nothing to load.
        const subpaths = Object.entries(pkg.exports ?? {})
          .filter(([, entry]) => typeof entry === "object")
          .map(([subpath]) => subpath);
        return [{ name: pkg.name, file, subpaths }];
      } catch {
        return [];
      }
    });
}

describe("package exports", () => {
  it("every package's export entries carry the CommonJS condition, publishConfig.exports, a README, a LICENSE, no source maps", () => {
    const { status, output } = check(root);
    expect(output).toContain("package exports: all ok");
    expect(status).toBe(0);
  });

  it("the checker fails on an entry without the default condition (so the test above can fail)", () => {
    const tree = mkdtempSync(join(tmpdir(), "gatehouse-exports-"));
    temporary.push(tree);
    mkdirSync(join(tree, "packages/broken"), { recursive: true });
    writeFileSync(
      join(tree, "packages/broken/package.json"),
      JSON.stringify({
        name: "@gatehouse-auth/broken",
        exports: { ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } },
      }),
    );
    writeFileSync(join(tree, "packages/broken/README.md"), "# broken\n");
    writeFileSync(join(tree, "packages/broken/LICENSE"), "MIT\n");
    const { status, output } = check(tree);
    expect(status).toBe(1);
    expect(output).toContain(`@gatehouse-auth/broken exports["."]: needs "default": "./dist/index.js"`);
  });

  it("require() loads every built entry of every package, and it is the module import() loads", () => {
    // adapter-conformance registers vitest suites on load: it only runs inside a test runner.
    const entries = packages().flatMap((p) =>
      p.subpaths.filter((s) => s !== "./adapter-conformance").map((s) => ({ file: p.file, spec: p.name + s.slice(1) })),
    );
    expect(entries.length).toBeGreaterThan(20);
    const program = `
      const { createRequire } = require("node:module");
      const { pathToFileURL } = require("node:url");
      (async () => {
        const failures = [];
        for (const { file, spec } of ${JSON.stringify(entries)}) {
          try {
            const req = createRequire(file);
            const viaRequire = req(spec);
            const viaImport = await import(pathToFileURL(req.resolve(spec)).href);
            if (viaRequire !== viaImport) failures.push(spec + ": require and import gave two module copies");
            if (Object.keys(viaRequire).length === 0) failures.push(spec + ": no exports");
          } catch (error) {
            failures.push(spec + ": " + (error.code ?? "") + " " + String(error.message).split("\\n")[0] + " (run pnpm build first)");
          }
        }
        console.log(JSON.stringify(failures));
      })();`;
    const out = execFileSync(process.execPath, ["-e", program], { encoding: "utf8", cwd: root });
    expect(JSON.parse(out.trim().split("\n").pop() ?? "null")).toEqual([]);
  });
});
