// Gzipped size of what a React app ships for Gatehouse: @gatehouse/react (client, session store,
// core's routes table, nanostores), minified by esbuild, React itself excluded. Goal: ≤ 6 kB.
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
const reactSrc = new URL("../packages/react/src/index.ts", import.meta.url).pathname;
writeFileSync(
  entry,
  `import { createAuthClient } from ${JSON.stringify(reactSrc)};\nexport const client = createAuthClient();\n`,
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
console.log(`@gatehouse/react bundle: ${code.length} B minified, ${gz} B gzip (goal ≤ 6144 B)`);
for (const [file, info] of Object.entries(result.metafile.inputs)
  .sort((a, b) => b[1].bytes - a[1].bytes)
  .slice(0, 8)) {
  console.log(`  ${String(info.bytes).padStart(6)} ${file.replace(/.*node_modules\//, "")}`);
}
