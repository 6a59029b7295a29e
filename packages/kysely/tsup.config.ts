import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build as esbuild } from "esbuild";
import type { Plugin } from "esbuild";
import { defineConfig } from "tsup";

const here = dirname(fileURLToPath(import.meta.url));
const VENDORED = "kysely-vendored.js";

// Our code imports kysely's values only through src/kysely-runtime.ts; in the build that module is the
// sibling file dist/kysely-vendored.js (every output file sits in dist/, so one relative path fits all).
const useVendoredKysely: Plugin = {
  name: "use-vendored-kysely",
  setup(build) {
    build.onResolve({ filter: /\/kysely-runtime\.js$/ }, () => ({ path: `./${VENDORED}`, external: true }));
  },
};

// kysely-runtime.ts's exports and what they reach, bundled into one minified file with kysely's
// licence on top: one module to load instead of ~260 (src/kysely-runtime.ts says why).
async function buildVendoredKysely() {
  const require = createRequire(join(here, "package.json"));
  // kysely's exports map hides its package.json: walk up from its entry to the folder named kysely.
  let pkgDir = dirname(require.resolve("kysely"));
  while (basename(pkgDir) !== "kysely") {
    if (dirname(pkgDir) === pkgDir) throw new Error("tsup.config.ts: kysely's package folder not found");
    pkgDir = dirname(pkgDir);
  }
  const { version } = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")) as { version: string };
  const licence = readFileSync(join(pkgDir, "LICENSE"), "utf8").trim();
  await esbuild({
    entryPoints: [join(here, "src/kysely-runtime.ts")],
    outfile: join(here, "dist", VENDORED),
    bundle: true,
    minify: true,
    format: "esm",
    platform: "node",
    target: "node20",
    legalComments: "none",
    banner: {
      js: `/*! kysely ${version} (https://github.com/kysely-org/kysely), bundled by @gatehouse-auth/kysely.\n${licence}\n*/`,
    },
    logLevel: "warning",
  });
}

export default defineConfig({
  entry: ["src/index.ts", "src/cli.ts"],
  format: ["esm"],
  dts: { entry: ["src/index.ts"] },
  clean: true,
  target: "node20",
  sourcemap: false,
  esbuildPlugins: [useVendoredKysely],
  onSuccess: buildVendoredKysely,
});
