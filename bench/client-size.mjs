// Gzipped size of what an app ships for Gatehouse, per framework binding: @gatehouse-auth/react, /vue,
// /svelte and /solid (client, session store, core's routes table, nanostores, the binding) with the
// organization and admin client plugins, minified by esbuild, the framework itself excluded. Fails if any
// server code leaks in. Goal: ≤ 6 kB each.
//   node bench/client-size.mjs
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const require = createRequire(new URL("../packages/core/package.json", import.meta.url));
const esbuild = require(require.resolve("esbuild", { paths: [require.resolve("tsup")] }));
const dir = mkdtempSync(join(tmpdir(), "gh-size-"));
const src = (p) => JSON.stringify(new URL(`../packages/${p}`, import.meta.url).pathname);
// Each binding, and the framework modules it imports (left out: the app has them anyway).
const BINDINGS = {
  react: ["react"],
  vue: ["vue"],
  svelte: ["svelte", "svelte/*"],
  solid: ["solid-js", "solid-js/*"],
};
let failed = false;
for (const [binding, external] of Object.entries(BINDINGS)) {
  const entry = join(dir, `${binding}.ts`);
  writeFileSync(
    entry,
    [
      `import { createAuthClient } from ${src(`${binding}/src/index.ts`)};`,
      `import { organizationClient } from ${src("organization/src/client.ts")};`,
      `import { adminClient } from ${src("admin/src/client.ts")};`,
      "export const client = createAuthClient({ plugins: [organizationClient(), adminClient()] });",
    ].join("\n"),
  );
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    conditions: ["source"],
    external,
    write: false,
    metafile: true,
  });
  const code = result.outputFiles[0].contents;
  const gz = gzipSync(code, { level: 9 }).length;
  console.log(
    `@gatehouse-auth/${binding} + organization + admin clients: ${code.length} B minified, ${gz} B gzip (goal ≤ 6144 B)`,
  );
  const server = Object.keys(result.metafile.inputs).filter((f) =>
    /zod|kysely|jose|@noble|core\/src\/(?!routes-table)/.test(f),
  );
  if (server.length) {
    console.error(`server code in the browser bundle: ${server.join(", ")}`);
    failed = true;
  }
  for (const [file, info] of Object.entries(result.metafile.inputs)
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, 8)) {
    console.log(`  ${String(info.bytes).padStart(6)} ${file.replace(/.*node_modules\//, "")}`);
  }
}
if (failed) process.exit(1);
