import { defineConfig } from "tsup";

export default defineConfig({
  entry: ["src/index.ts"],
  format: ["esm"],
  dts: true,
  clean: true,
  target: "es2022",
  platform: "browser",
  sourcemap: false,
  // Each component in its own chunk, so an app that renders only <SignIn> ships only it.
  splitting: true,
  external: ["@gatehouse-auth/client", "@gatehouse-auth/react", "react", "react/jsx-runtime"],
});
