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
  // The QR drawing is the app's @gatehouse-auth/two-factor (imported on demand), never bundled in here.
  external: [
    "@gatehouse-auth/client",
    "@gatehouse-auth/react",
    "@gatehouse-auth/two-factor/qr",
    "react",
    "react/jsx-runtime",
  ],
});
