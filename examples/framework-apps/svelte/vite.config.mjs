// The Svelte app, built with the framework's official Vite plugin, served by ../server.mjs under /svelte/.
import { fileURLToPath } from "node:url";
import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/svelte/",
  plugins: [svelte()],
  // Workspace packages resolve to their TypeScript sources: no library build needed for the browser.
  resolve: { conditions: ["source", "module", "browser", "development|production"] },
  build: { outDir: "dist", emptyOutDir: true },
});
