#!/usr/bin/env node
// `pnpm dev`'s build: every package's JavaScript, without declarations (the example app and Node need
// none; `pnpm build` and CI still build them). One process runs tsup's API package after package with
// each package's own tsup.config.ts, `dts: false` on top: a few seconds instead of one tsup start-up
// per package. The packages mark each other external, so the order does not matter.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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
process.chdir(root);
console.log(`built ${dirs.length} packages (JavaScript only) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
