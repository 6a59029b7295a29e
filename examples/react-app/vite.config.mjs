import { defineConfig } from "vite";

export default defineConfig({
  // Workspace packages resolve to their TypeScript sources: no library build needed for the browser.
  resolve: { conditions: ["source", "module", "browser", "development|production"] },
  build: { outDir: "dist", emptyOutDir: true },
});
