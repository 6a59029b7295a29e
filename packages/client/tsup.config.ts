import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  dts: true,
  clean: true,
  target: "es2022",
  platform: "browser",
  sourcemap: false,
  // Only the routes table of core reaches the browser; everything else stays external to be safe.
  external: ["@gatehouse-auth/core", "nanostores"],
});
