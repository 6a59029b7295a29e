import { readFileSync } from "node:fs";
import { defineConfig } from "tsup";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as {
  exports: Record<string, { source: string }>;
};

export default defineConfig({
  // One entry per export (read from package.json, so the two cannot drift) plus the bin.
  entry: [...Object.values(pkg.exports).map((e) => e.source.replace(/^\.\//, "")), "src/cli.ts"],
  format: ["esm"],
  dts: { entry: Object.values(pkg.exports).map((e) => e.source.replace(/^\.\//, "")) },
  clean: true,
  target: "node20",
  sourcemap: false,
  // Every subpath re-exports a scoped package: keeping them external is what makes one copy of each
  // module (a plugin installed on its own imports the same @gatehouse-auth/core as the app).
  external: [/^@gatehouse-auth\//],
});
