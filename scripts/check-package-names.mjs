#!/usr/bin/env node
// Fails when a doc or an example names a package that is not ours. The npm scope @gatehouse and the
// unscoped name gatehouse belong to other projects: a doc that says `npm install @gatehouse/core` or an
// example that imports "gatehouse" installs a stranger's code. Read:
//   - every Markdown file: install commands (npm/pnpm/yarn/bun add or install, npx, pnpm dlx, bunx,
//     `--filter`/`--package` values) in shell blocks and inline code, and imports/require() in
//     JavaScript and TypeScript blocks; and every `@gatehouse…/name` anywhere in the text;
//   - every workspace package.json (examples included): its dependency names;
//   - every example's source files: their imports.
// A name passes when it is one of our workspace packages, or a dependency some workspace package.json
// declares (express, pg, …) — except that any name in our family (gatehouse, gatehouse-*, @gatehouse*/)
// must be a workspace package, and a package.json must take it from the workspace (`workspace:`).
// A page that names another project's package on purpose (the better-auth migration guide) lists it
// in a comment: <!-- package-names: better-auth tsx -->. Family names can't be listed there.
//
//   node scripts/check-package-names.mjs             check this repository
//   node scripts/check-package-names.mjs --root DIR  check another tree (the test plants bad names)
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const args = process.argv.slice(2);
const rootIndex = args.indexOf("--root");
const root = rootIndex >= 0 ? args[rootIndex + 1] : fileURLToPath(new URL("..", import.meta.url));

// Folders that hold installed, built or generated files, never our docs or sources.
const SKIP_DIRS = new Set([
  "node_modules",
  ".git",
  "dist",
  ".next",
  ".svelte-kit",
  ".nuxt",
  ".output",
  "build",
  "release",
  "test-output",
  "coverage",
  ".data",
]);
const SOURCE_EXT = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const CODE_LANGS = new Set(["js", "mjs", "cjs", "jsx", "ts", "mts", "cts", "tsx", "javascript", "typescript"]);
const SHELL_LANGS = new Set(["", "sh", "bash", "shell", "console", "zsh", "powershell", "ps1", "cmd"]);
const BUILTINS = new Set(builtinModules);

/** Every file under dir (skipping SKIP_DIRS) whose name passes keep. */
function walk(dir, keep, found = []) {
  if (!existsSync(dir)) return found;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith(".cli-test-")) walk(join(dir, entry.name), keep, found);
    } else if (keep(entry.name)) found.push(join(dir, entry.name));
  }
  return found;
}

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"));
const DEP_FIELDS = ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"];

// --- what is ours and what the workspace declares ---------------------------------------------------
const workspaceFiles = [
  join(root, "package.json"),
  ...["packages", "examples"].flatMap((base) =>
    existsSync(join(root, base))
      ? readdirSync(join(root, base))
          .map((d) => join(root, base, d, "package.json"))
          .filter(existsSync)
      : [],
  ),
].filter(existsSync);
const workspace = workspaceFiles.map((file) => ({ file, dir: join(file, ".."), pkg: readJson(file) }));
const ours = new Set(workspace.map((w) => w.pkg.name).filter(Boolean));
const declared = new Set();
for (const { pkg } of workspace)
  for (const field of DEP_FIELDS) for (const n of Object.keys(pkg[field] ?? {})) declared.add(n);
const manager = workspace.find((w) => w.file === join(root, "package.json"))?.pkg.packageManager;
if (manager) declared.add(manager.replace(/@[^@]*$/, "")); // "pnpm@10.34.9": what `npx -y pnpm@10` runs
// `npx tsc` runs typescript's bin: names of bins of installed declared packages (and ours) count too.
const bins = new Map();
for (const { dir, pkg } of workspace) {
  for (const [bin] of Object.entries(typeof pkg.bin === "string" ? { [pkg.name]: pkg.bin } : (pkg.bin ?? {})))
    bins.set(bin, pkg.name);
  for (const field of DEP_FIELDS)
    for (const dep of Object.keys(pkg[field] ?? {})) {
      const manifest = [
        join(dir, "node_modules", dep, "package.json"),
        join(root, "node_modules", dep, "package.json"),
      ].find(existsSync);
      if (!manifest) continue;
      const installed = readJson(manifest);
      const entries =
        typeof installed.bin === "string" ? { [dep.split("/").pop()]: installed.bin } : (installed.bin ?? {});
      for (const bin of Object.keys(entries)) if (!bins.has(bin)) bins.set(bin, dep);
    }
}

/** True for names in our family: the ones a stranger could own under a look-alike name. */
const isFamily = (name) => /^@?gatehouse/i.test(name);

/** The package a specifier names (`@scope/name/sub` → `@scope/name`), or null for files and builtins. */
function packageOf(specifier) {
  const s = specifier.replace(/^npm:/, "");
  if (/^[./~#]/.test(s) || s.startsWith("@/") || /^[a-z][\w+.-]*:/i.test(s)) return null; // paths, aliases, schemes
  const parts = s.split("/");
  const name = s.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  if (!name || BUILTINS.has(name) || !/^(@[\w.-]+\/)?[\w.-]+$/.test(name)) return null;
  return name;
}

/** `pkg@1.2`, `@scope/pkg@latest` → the name without its version or tag. */
const withoutVersion = (arg) => arg.replace(/^(@?[^@]+)@.*$/, "$1");

const problems = [];
/** Records a problem unless the name is ours, declared, or listed by the page (`allowed`). */
function judge(name, where, how, allowed = new Set()) {
  if (!name) return;
  if (isFamily(name)) {
    if (!ours.has(name))
      problems.push(
        `${where}: ${how} "${name}", which is not one of our packages (${[...ours]
          .filter((n) => !n.includes("example"))
          .slice(0, 3)
          .join(", ")}, …)`,
      );
    return;
  }
  if (ours.has(name) || declared.has(name) || allowed.has(name)) return;
  problems.push(`${where}: ${how} "${name}", neither ours nor a dependency the workspace declares`);
}

// --- shell commands ----------------------------------------------------------------------------------
const INSTALL = {
  npm: ["install", "i", "add", "in"],
  pnpm: ["add", "install", "i"],
  yarn: ["add"],
  bun: ["add", "install", "i"],
};
const VALUE_FLAGS = new Set([
  "--filter",
  "-F",
  "--workspace",
  "-w",
  "--prefix",
  "--dir",
  "-C",
  "--registry",
  "--tag",
  "-c",
  "--call",
]);

/** Package names a shell line installs or runs: [name, how]. */
function commandNames(line) {
  const found = [];
  for (const part of line.split(/&&|\|\||;|\||\(|\)/)) {
    let words = part.trim().split(/\s+/).filter(Boolean);
    const hash = words.findIndex((w) => w.startsWith("#"));
    if (hash >= 0) words = words.slice(0, hash);
    while (words.length) {
      const [tool, ...rest] = words;
      words = [];
      if (tool === "npx" || tool === "bunx" || ((tool === "pnpm" || tool === "yarn") && rest[0] === "dlx")) {
        const list = tool === "npx" || tool === "bunx" ? rest : rest.slice(1);
        let i = 0;
        for (; i < list.length && list[i]?.startsWith("-"); i++) {
          const flag = list[i] ?? "";
          if (flag === "-p" || flag === "--package") found.push([withoutVersion(list[++i] ?? ""), `${tool} --package`]);
          else if (flag.startsWith("--package=")) found.push([withoutVersion(flag.slice(10)), `${tool} --package`]);
          else if (VALUE_FLAGS.has(flag)) i++;
        }
        const runs = list[i];
        if (runs && !/^[./]/.test(runs)) {
          const name = withoutVersion(runs);
          // `npx tsc` runs an installed bin; the package it comes from is what must be ours or declared.
          found.push([bins.get(name) ?? name, `${tool} runs`]);
          if (["npm", "pnpm", "yarn", "bun"].includes(name)) words = [name, ...list.slice(i + 1)];
        }
        continue;
      }
      if (!(tool in INSTALL)) continue;
      const subcommand = rest.findIndex((w) => !w.startsWith("-"));
      for (let i = 0; i < rest.length; i++) {
        const w = rest[i] ?? "";
        if (w === "--filter" || w === "-F") {
          const value = rest[++i] ?? "";
          if (!/^[./{![]/.test(value) && !value.includes("*"))
            found.push([packageOf(value.replace(/\.\.\.$/, "")), `${tool} --filter`]);
        } else if (VALUE_FLAGS.has(w)) i++;
      }
      if (subcommand < 0 || !INSTALL[tool].includes(rest[subcommand] ?? "")) continue;
      for (const arg of rest.slice(subcommand + 1)) {
        if (arg.startsWith("-") || /^[./~$"']/.test(arg) || arg.endsWith(".tgz") || arg.includes(":")) continue;
        found.push([withoutVersion(arg), `${tool} ${rest[subcommand]} installs`]);
      }
    }
  }
  return found.filter(([name]) => name);
}

// --- imports -----------------------------------------------------------------------------------------
const IMPORT_PATTERNS = [
  /\bfrom\s*["']([^"'\n]+)["']/g,
  /\bimport\s*["']([^"'\n]+)["']/g,
  /\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)/g,
  /\brequire\s*\(\s*["']([^"'\n]+)["']\s*\)/g,
  /\brequire\.resolve\s*\(\s*["']([^"'\n]+)["']/g,
];
/** [specifier, line number] of every import, export-from and require() in code. */
function importsOf(code) {
  const found = [];
  for (const pattern of IMPORT_PATTERNS)
    for (const m of code.matchAll(pattern)) found.push([m[1], code.slice(0, m.index).split("\n").length]);
  return found;
}

// --- Markdown ----------------------------------------------------------------------------------------
const markdownFiles = walk(root, (name) => name.endsWith(".md"));
for (const file of markdownFiles) {
  const rel = relative(root, file);
  const text = readFileSync(file, "utf8");
  const allowed = new Set(
    [...text.matchAll(/<!--\s*package-names:([^>]*)-->/g)].flatMap((m) => m[1].trim().split(/\s+/)),
  );
  for (const name of allowed)
    if (isFamily(name)) problems.push(`${rel}: "${name}" can't be listed in package-names (our family must be ours)`);
  for (const allowedName of [...allowed]) if (isFamily(allowedName)) allowed.delete(allowedName);
  const lines = text.split("\n");
  let fence = null; // the language of the open code block, or null outside one
  let block = [];
  let blockStart = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const where = `${rel}:${i + 1}`;
    for (const m of line.matchAll(/@gatehouse[\w.-]*\/[\w.-]*[\w-]/gi)) judge(packageOf(m[0]), where, "names", allowed);
    const opening = line.match(/^\s*(`{3,}|~{3,})\s*([\w+-]*)/);
    if (fence === null && opening) {
      fence = (opening[2] ?? "").toLowerCase();
      block = [];
      blockStart = i + 1;
      continue;
    }
    if (fence !== null && /^\s*(`{3,}|~{3,})\s*$/.test(line)) {
      if (CODE_LANGS.has(fence))
        for (const [spec, at] of importsOf(block.join("\n")))
          judge(packageOf(spec), `${rel}:${blockStart + at}`, "imports", allowed);
      fence = null;
      continue;
    }
    if (fence !== null) {
      block.push(line);
      if (SHELL_LANGS.has(fence)) {
        const joined = line.replace(/\\$/, "");
        for (const [name, how] of commandNames(joined.replace(/^\s*[$>]\s+/, ""))) judge(name, where, how, allowed);
      }
      continue;
    }
    // Prose: commands and imports written as inline code.
    for (const m of line.matchAll(/`([^`\n]+)`/g)) {
      for (const [name, how] of commandNames(m[1] ?? "")) judge(name, where, how, allowed);
      for (const [spec] of importsOf(m[1] ?? "")) judge(packageOf(spec), where, "imports", allowed);
    }
  }
}

// --- package.json files --------------------------------------------------------------------------------
for (const { file, pkg } of workspace) {
  const rel = relative(root, file);
  for (const field of DEP_FIELDS)
    for (const [name, range] of Object.entries(pkg[field] ?? {})) {
      if (!isFamily(name)) continue;
      if (!ours.has(name)) problems.push(`${rel}: ${field} names "${name}", which is not one of our packages`);
      else if (!String(range).startsWith("workspace:"))
        problems.push(`${rel}: ${field} takes "${name}" from "${range}", not from the workspace (workspace:*)`);
    }
}

// --- example sources ------------------------------------------------------------------------------------
const rootPkg = workspace.find((w) => w.file === join(root, "package.json"))?.pkg ?? {};
for (const example of workspace.filter((w) => relative(root, w.dir).startsWith("examples"))) {
  // An example imports what its own package.json declares (pnpm installs nothing else for it) or the
  // root's tooling (vitest); our workspace packages always pass.
  const own = new Set([example.pkg.name]);
  for (const pkg of [example.pkg, rootPkg])
    for (const field of DEP_FIELDS) for (const n of Object.keys(pkg[field] ?? {})) own.add(n);
  for (const file of walk(example.dir, (name) => SOURCE_EXT.test(name) && !name.endsWith(".d.ts"))) {
    const rel = relative(root, file);
    for (const [spec, line] of importsOf(readFileSync(file, "utf8"))) {
      const name = packageOf(spec);
      if (!name) continue;
      if (isFamily(name) && !ours.has(name))
        problems.push(`${rel}:${line}: imports "${name}", which is not one of our packages`);
      else if (!ours.has(name) && !own.has(name))
        problems.push(`${rel}:${line}: imports "${name}", which ${relative(root, example.file)} does not declare`);
    }
  }
}

for (const p of problems) console.log(`not ok - ${p}`);
console.log(
  problems.length
    ? `${problems.length} problem(s)`
    : `package names: all ok (${markdownFiles.length} Markdown files, ${workspace.length} package.json files)`,
);
process.exit(problems.length ? 1 : 0);
