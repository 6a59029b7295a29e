#!/usr/bin/env node
// Checks (and with --fix repairs) what every publishable package must have so that an installed
// tarball works for ESM and CommonJS apps alike:
//   - every "exports" entry has a "default" condition pointing at the same ESM file as "import", so
//     `require()` loads that one file through Node's require(esm) (Node >= 20.19). One file, not a
//     CommonJS twin: a plugin and the app then share one copy of @gatehouse-auth/core (no dual-package
//     hazard: `instanceof AuthError`, shared registries and symbols keep working);
//   - "default" comes last (Node picks the first matching condition in object order);
//   - "publishConfig.exports" is the same map without the workspace-only "source" condition (pnpm pack
//     and publish put it in the tarball's package.json): a consumer whose bundler or tsconfig happens to
//     use a "source" condition must not be sent to ./src/*.ts, which the tarball doesn't ship;
//   - a README.md and a LICENSE beside the package.json (npm and pnpm pack them whatever "files" says);
//   - tsup builds no source maps (they would point at sources the tarball does not ship);
//   - a "build:js" script (tsup without declarations) for `pnpm dev`, which needs no .d.ts;
//   - "sideEffects": false, so bundlers drop what an app doesn't import (gatehouse-auth's subpaths
//     re-export whole packages and rely on it);
//   - a package whose entry re-exports another of ours (gatehouse-auth) depends on it with a
//     workspace: range, which pnpm pack turns into the exact version: the app and its plugins then
//     resolve one copy of each package, never a second one from a looser range;
//   - every "bin" target is a build output ("dist/…"), shipped by "files".
//
//   node scripts/package-exports.mjs            check; exits 1 and lists every problem
//   node scripts/package-exports.mjs --fix      repair what can be repaired, then check
//   node scripts/package-exports.mjs --root DIR check another tree (the repository test uses fixtures)
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const fix = args.includes("--fix");
const rootIndex = args.indexOf("--root");
const root = rootIndex >= 0 ? args[rootIndex + 1] : fileURLToPath(new URL("..", import.meta.url));

/** The package folders under packages/ that have a package.json. */
function packageDirs() {
  const base = join(root, "packages");
  return readdirSync(base, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(base, d.name, "package.json")))
    .map((d) => join(base, d.name));
}

/** Returns the entry with "default" (= its "import" file) as its last key, or null if already so. */
function withDefault(entry) {
  const target = entry.import ?? entry.default;
  if (typeof target !== "string") return null;
  const keys = Object.keys(entry);
  if (entry.default === target && keys[keys.length - 1] === "default") return null;
  const { default: _ignored, ...rest } = entry;
  return { ...rest, default: target };
}

/** The exports map with "default" on every conditional entry. */
function withDefaults(exportsMap) {
  return Object.fromEntries(
    Object.entries(exportsMap).map(([k, e]) => [k, e && typeof e === "object" ? (withDefault(e) ?? e) : e]),
  );
}

/** The exports map as published: the same entries without the workspace-only "source" condition. */
function publishedExports(exportsMap) {
  return Object.fromEntries(
    Object.entries(exportsMap).map(([k, e]) => {
      if (!e || typeof e !== "object") return [k, e];
      const { source: _source, ...rest } = e;
      return [k, rest];
    }),
  );
}

const problems = [];
for (const dir of packageDirs()) {
  const file = join(dir, "package.json");
  const text = readFileSync(file, "utf8");
  const pkg = JSON.parse(text);
  if (pkg.private) continue;
  const name = pkg.name ?? dir;

  // --- exports conditions ------------------------------------------------------------------------
  const exportsField = pkg.exports;
  if (!exportsField || typeof exportsField !== "object") problems.push(`${name}: no "exports" map`);
  else {
    let changed = false;
    for (const [subpath, entry] of Object.entries(exportsField)) {
      if (typeof entry === "string") continue; // a bare string is already unconditional
      if (!entry || typeof entry !== "object") {
        problems.push(`${name} exports["${subpath}"]: not an object`);
        continue;
      }
      const repaired = withDefault(entry);
      if (!repaired) continue;
      if (fix) {
        exportsField[subpath] = repaired;
        changed = true;
      } else if (typeof entry.import !== "string" && typeof entry.default !== "string") {
        problems.push(`${name} exports["${subpath}"]: neither "import" nor "default"`);
      } else {
        problems.push(
          `${name} exports["${subpath}"]: needs "default": "${entry.import}" as its last condition (CommonJS require)`,
        );
      }
    }
    const published = publishedExports(fix ? withDefaults(exportsField) : exportsField);
    if (JSON.stringify(pkg.publishConfig?.exports) !== JSON.stringify(published)) {
      if (fix) changed = true;
      else problems.push(`${name}: publishConfig.exports must be "exports" without "source" (pnpm fix:packages)`);
    }
    if (changed) {
      // Re-read right before writing: other tools may edit the same file; keep their changes.
      const latest = JSON.parse(readFileSync(file, "utf8"));
      latest.exports = withDefaults(latest.exports ?? {});
      latest.publishConfig = { ...latest.publishConfig, exports: publishedExports(latest.exports) };
      writeFileSync(file, `${JSON.stringify(latest, null, 2)}\n`);
      console.log(`fixed: ${name} exports`);
    }
  }

  // --- build:js --------------------------------------------------------------------------------
  if (pkg.scripts?.build === "tsup" && pkg.scripts["build:js"] !== "tsup --no-dts") {
    if (fix) {
      const latest = JSON.parse(readFileSync(file, "utf8"));
      latest.scripts = { ...latest.scripts, "build:js": "tsup --no-dts" };
      writeFileSync(file, `${JSON.stringify(latest, null, 2)}\n`);
      console.log(`fixed: ${name} build:js script`);
    } else problems.push(`${name}: needs the script "build:js": "tsup --no-dts" (pnpm dev builds with it)`);
  }

  // --- tree-shaking, one copy of re-exported packages, bins ------------------------------------
  if (pkg.sideEffects !== false) problems.push(`${name}: needs "sideEffects": false (bundlers tree-shake it)`);
  for (const entry of Object.values(pkg.exports ?? {})) {
    const source = entry && typeof entry === "object" ? entry.source : null;
    if (typeof source !== "string" || !existsSync(join(dir, source))) continue;
    for (const m of readFileSync(join(dir, source), "utf8").matchAll(/^export \* from "(@gatehouse-auth\/[\w-]+)/gm)) {
      const range = pkg.dependencies?.[m[1]];
      if (!range) problems.push(`${name}: ${source} re-exports ${m[1]}, which is not in its dependencies`);
      else if (!range.startsWith("workspace:"))
        problems.push(`${name}: depends on ${m[1]} with "${range}"; use "workspace:*" (one copy, exact version)`);
    }
  }
  for (const [bin, target] of Object.entries(pkg.bin ?? {}))
    if (!/^(\.\/)?dist\//.test(target)) problems.push(`${name}: bin ${bin} → ${target} is not a build output in dist/`);

  // --- README and LICENSE ------------------------------------------------------------------------
  if (!existsSync(join(dir, "README.md"))) problems.push(`${name}: no README.md (write one: what, install, example)`);
  if (!existsSync(join(dir, "LICENSE"))) {
    if (fix && existsSync(join(root, "LICENSE"))) {
      copyFileSync(join(root, "LICENSE"), join(dir, "LICENSE"));
      console.log(`fixed: ${name} LICENSE copied from the root`);
    } else problems.push(`${name}: no LICENSE (copy the root LICENSE)`);
  }

  // --- no source maps in the build ---------------------------------------------------------------
  const tsup = join(dir, "tsup.config.ts");
  if (existsSync(tsup)) {
    const config = readFileSync(tsup, "utf8");
    if (/sourcemap:\s*(true|"inline"|'inline')/.test(config)) {
      if (fix) {
        writeFileSync(tsup, config.replace(/sourcemap:\s*(true|"inline"|'inline')/, "sourcemap: false"));
        console.log(`fixed: ${name} tsup sourcemap: false`);
      } else problems.push(`${name}: tsup.config.ts builds source maps (set sourcemap: false)`);
    }
  }
}

for (const p of problems) console.log(`not ok - ${p}`);
console.log(problems.length ? `${problems.length} problem(s)` : "package exports: all ok");
process.exit(problems.length ? 1 : 0);
