import { defineConfig } from "tsup";

export default defineConfig({
  // index: the server plugin; react: the dashboard as a component for an app that embeds it.
  entry: ["src/index.ts", "src/react.ts"],
  format: ["esm"],
  dts: true,
  // Not `clean`: vite writes the browser app into dist/app, and tsup must not delete it.
  clean: false,
  target: "es2022",
  sourcemap: false,
  external: ["@gatehouse-auth/core", "zod", "react", "react-dom", "react/jsx-runtime"],
});
