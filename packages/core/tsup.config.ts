import { defineConfig } from "tsup";

export default defineConfig({
  entry: [
    "src/index.ts",
    "src/node.ts",
    "src/testing.ts",
    "src/adapter-conformance.ts",
    "src/routes-table.ts",
    "src/integrations/fastify.ts",
    "src/integrations/next.ts",
    "src/integrations/sveltekit.ts",
    "src/integrations/nuxt.ts",
    "src/integrations/astro.ts",
    "src/integrations/tanstack-start.ts",
  ],
  // The conformance suite runs inside the caller's vitest; bundling a copy would break it.
  external: ["vitest"],
  format: ["esm"],
  dts: true,
  clean: true,
  target: "node20",
  sourcemap: false,
});
