import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

// gatehouse-auth adds no code of its own: each subpath is the scoped package's module, re-exported.
// These tests hold the package to that (same names, the very same values, nothing more in a bundle)
// and keep the heavy plugins out of its dependencies. scripts/consumer/run.mjs checks the tarball.
const here = fileURLToPath(new URL("..", import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, "package.json"), "utf8")) as {
  exports: Record<string, { source: string; types: string; import: string; default: string }>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  sideEffects: boolean;
  bin: Record<string, string>;
};

/** The specifier a subpath's source file re-exports (each is one `export * from "…"` line). */
function targetOf(subpath: string): string {
  const entry = pkg.exports[subpath];
  if (!entry) throw new Error(`no export ${subpath}`);
  const code = readFileSync(join(here, entry.source), "utf8");
  const targets = [...code.matchAll(/^export \* from "([^"]+)";$/gm)].map((m) => m[1]);
  const statements = code.split("\n").filter((line) => line.trim() && !line.trim().startsWith("/")).length;
  if (targets.length !== 1 || statements !== 1) throw new Error(`${entry.source} must be one export * line`);
  return targets[0] as string;
}

const subpaths = Object.keys(pkg.exports);
// Plugins whose dependencies are heavy stay their own packages (README.md of this package says why).
const HEAVY = ["passkey", "phone-number", "two-factor", "password-check", "redis", "dashboard"];

describe("gatehouse-auth subpaths", () => {
  it("offers the subpaths the docs promise, each with types, import and default (CommonJS) on one file", () => {
    const plugins = ["organization", "admin", "api-key", "bearer", "jwt", "username", "magic-link"];
    const more = ["email-otp", "multi-session", "open-api", "audit-log", "oauth-provider"];
    const frameworks = ["./sveltekit", "./nuxt", "./astro", "./tanstack-start"];
    const expected = [
      ".",
      "./node",
      "./fastify",
      "./next",
      ...frameworks,
      "./kysely",
      "./client",
      "./react",
      "./captcha",
    ];
    for (const p of [...plugins, ...more]) expected.push(`./${p}`, `./${p}/client`);
    expect(subpaths.sort()).toEqual(expected.sort());
    for (const subpath of subpaths) {
      const entry = pkg.exports[subpath];
      expect(Object.keys(entry ?? {}), subpath).toEqual(["source", "types", "import", "default"]);
      expect(entry?.default, subpath).toBe(entry?.import);
    }
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.bin).toEqual({ "gatehouse-auth": "./dist/cli.js" });
  });

  it.each(subpaths)("%s is the scoped module: the same names bound to the very same values", async (subpath) => {
    const target = targetOf(subpath);
    const ours = (await import(/* @vite-ignore */ join(here, pkg.exports[subpath]?.source ?? ""))) as Record<
      string,
      unknown
    >;
    const theirs = (await import(/* @vite-ignore */ target)) as Record<string, unknown>;
    expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
    expect(Object.keys(ours).length).toBeGreaterThan(0);
    for (const name of Object.keys(theirs)) expect(ours[name], `${subpath} ${name}`).toBe(theirs[name]);
  });

  it("depends on exactly the scoped packages it re-exports, none of the heavy ones; drivers, React and h3 are optional peers", () => {
    const reExported = new Set(subpaths.map((s) => targetOf(s).split("/").slice(0, 2).join("/")));
    expect(Object.keys(pkg.dependencies).sort()).toEqual([...reExported].sort());
    for (const range of Object.values(pkg.dependencies)) expect(range).toBe("workspace:*");
    for (const heavy of HEAVY) expect(pkg.dependencies).not.toHaveProperty(`@gatehouse-auth/${heavy}`);
    for (const peer of ["better-sqlite3", "pg", "mysql2", "react", "h3"]) {
      expect(pkg.peerDependencies).toHaveProperty(peer);
      expect(pkg.peerDependenciesMeta[peer]?.optional, peer).toBe(true);
    }
  });

  /** The minified browser bundle of `import { names } from specifier; console.log(names)`. */
  async function bundle(specifier: string, names: string[]): Promise<string> {
    const result = await build({
      stdin: {
        contents: `import { ${names.join(", ")} } from "${specifier}";\nconsole.log(${names.join(", ")});`,
        resolveDir: here,
        loader: "ts",
      },
      bundle: true,
      minify: true,
      write: false,
      format: "esm",
      platform: "browser",
      conditions: ["source"],
      logLevel: "silent",
    });
    return result.outputFiles[0]?.text ?? "";
  }

  it.each([
    ["gatehouse-auth/client", "@gatehouse-auth/client", ["createAuthClient"]],
    ["gatehouse-auth/organization/client", "@gatehouse-auth/organization/client", ["organizationClient"]],
    ["gatehouse-auth/admin/client", "@gatehouse-auth/admin/client", ["adminClient"]],
  ])("tree-shakes: a browser bundle of %s is byte for byte the bundle of %s", async (ours, scoped, names) => {
    const [viaUmbrella, direct] = await Promise.all([bundle(ours, names), bundle(scoped, names)]);
    expect(direct.length).toBeGreaterThan(100);
    expect(viaUmbrella).toBe(direct);
  });
});
