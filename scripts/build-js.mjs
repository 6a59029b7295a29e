#!/usr/bin/env node
// `pnpm dev`'s build: every package's JavaScript, without declarations (the example app and Node need
// none; `pnpm build` and CI still build them). One process runs tsup's API package after package with
// each package's own tsup.config.ts, `dts: false` on top: a few seconds instead of one tsup start-up
// per package. The packages mark each other external, so the order does not matter.
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "tsup";

const root = fileURLToPath(new URL("..", import.meta.url));
const started = Date.now();
const dirs = readdirSync(join(root, "packages"))
  .map((d) => join(root, "packages", d))
  .filter((dir) => existsSync(join(dir, "tsup.config.ts")));
for (const dir of dirs) {
  process.chdir(dir);
  try {
    // esbuild resolves relative paths against the working directory it saw at start-up: name it.
    // (This replaces a config's own esbuildOptions; none of the packages has one.)
    await build({
      dts: false,
      silent: true,
      esbuildOptions: (options) => {
        options.absWorkingDir = dir;
      },
    });
  } catch (error) {
    console.error(`build:js: ${dir} failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}

// Browser apps a package serves itself (the dashboard's dist/app): built with the package's own Vite
// config, only when missing or older than their sources, so a warm `pnpm dev` start costs nothing.
const newestUnder = (path) =>
  statSync(path).isDirectory()
    ? Math.max(0, ...readdirSync(path).map((name) => newestUnder(join(path, name))))
    : statSync(path).mtimeMs;
let apps = 0;
for (const dir of dirs.filter((d) => existsSync(join(d, "vite.config.ts")) && existsSync(join(d, "app")))) {
  const manifest = join(dir, "dist", "app", ".vite", "manifest.json");
  const sources = Math.max(newestUnder(join(dir, "app")), statSync(join(dir, "vite.config.ts")).mtimeMs);
  if (existsSync(manifest) && statSync(manifest).mtimeMs >= sources) continue;
  process.chdir(dir);
  try {
    const vite = await import(pathToFileURL(createRequire(join(dir, "package.json")).resolve("vite")).href);
    await vite.build({ configFile: join(dir, "vite.config.ts"), logLevel: "warn" });
    apps++;
  } catch (error) {
    console.error(`build:js: ${dir} browser app failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
process.chdir(root);
if (apps) console.log(`built ${apps} browser app(s) with Vite`);
console.log(`built ${dirs.length} packages (JavaScript only) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
