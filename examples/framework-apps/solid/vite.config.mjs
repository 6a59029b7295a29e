// The Solid app, built with the framework's official Vite plugin, served by ../server.mjs under /solid/.
import { fileURLToPath } from "node:url";
import solid from "vite-plugin-solid";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/solid/",
  plugins: [solid()],
  // Workspace packages resolve to their TypeScript sources: no library build needed for the browser.
  resolve: { conditions: ["source", "module", "browser", "development|production"] },
  build: { outDir: "dist", emptyOutDir: true },
});
