import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

// What scripts/package-exports.mjs checks for a package like gatehouse-auth: tree-shakable, its
// re-exported packages pinned through the workspace (one copy), its bin a build output.
const root = fileURLToPath(new URL("../../..", import.meta.url));
const tree = mkdtempSync(join(tmpdir(), "gatehouse-umbrella-exports-"));
afterAll(() => rmSync(tree, { recursive: true, force: true }));

function check(treeRoot: string): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [join(root, "scripts/package-exports.mjs"), "--root", treeRoot], (error, stdout) =>
      resolve({ status: error ? Number(error.code ?? 1) : 0, output: stdout }),
    );
  });
}

describe("package-exports on a package that re-exports others", () => {
  it("fails without sideEffects: false, on a re-export it doesn't depend on, on a registry range and on a bin outside dist", async () => {
    const dir = join(tree, "packages/umbrella");
    mkdirSync(join(dir, "src"), { recursive: true });
    const entry = { types: "./dist/index.d.ts", import: "./dist/index.js", default: "./dist/index.js" };
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({
        name: "umbrella",
        exports: { ".": { source: "./src/index.ts", ...entry } },
        publishConfig: { exports: { ".": entry } },
        bin: { "gatehouse-auth": "./src/cli.ts" },
        dependencies: { "@gatehouse-auth/core": "^0.1.0" },
      }),
    );
    writeFileSync(
      join(dir, "src/index.ts"),
      'export * from "@gatehouse-auth/core";\nexport * from "@gatehouse-auth/organization";\n',
    );
    writeFileSync(join(dir, "README.md"), "# umbrella\n");
    writeFileSync(join(dir, "LICENSE"), "MIT\n");
    const { status, output } = await check(tree);
    expect(output).toContain('umbrella: needs "sideEffects": false');
    expect(output).toContain("re-exports @gatehouse-auth/organization, which is not in its dependencies");
    expect(output).toContain('depends on @gatehouse-auth/core with "^0.1.0"; use "workspace:*"');
    expect(output).toContain("bin gatehouse-auth → ./src/cli.ts is not a build output in dist/");
    expect(status).toBe(1);
  });
});
