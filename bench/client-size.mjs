// Gzipped size of what a React app ships for Gatehouse: @gatehouse/react (client, session store,
// core's routes table, nanostores) with the organization and admin client plugins, minified by
// esbuild, React itself excluded. Fails if any server code leaks in. Goal: ≤ 6 kB.
//   node bench/client-size.mjs
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const require = createRequire(new URL("../packages/core/package.json", import.meta.url));
const esbuild = require(require.resolve("esbuild", { paths: [require.resolve("tsup")] }));
const dir = mkdtempSync(join(tmpdir(), "gh-size-"));
const entry = join(dir, "entry.ts");
const src = (p) => JSON.stringify(new URL(`../packages/${p}`, import.meta.url).pathname);
writeFileSync(
  entry,
  [
    `import { createAuthClient } from ${src("react/src/index.ts")};`,
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
  external: ["react"],
  write: false,
  metafile: true,
});
const code = result.outputFiles[0].contents;
const gz = gzipSync(code, { level: 9 }).length;
console.log(`@gatehouse/react + organization + admin clients: ${code.length} B minified, ${gz} B gzip (goal ≤ 6144 B)`);
const server = Object.keys(result.metafile.inputs).filter((f) =>
  /zod|kysely|jose|@noble|core\/src\/(?!routes-table)/.test(f),
);
if (server.length) {
  console.error(`server code in the browser bundle: ${server.join(", ")}`);
  process.exit(1);
}
for (const [file, info] of Object.entries(result.metafile.inputs)
  .sort((a, b) => b[1].bytes - a[1].bytes)
  .slice(0, 8)) {
  console.log(`  ${String(info.bytes).padStart(6)} ${file.replace(/.*node_modules\//, "")}`);
}
