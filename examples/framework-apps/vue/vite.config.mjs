// The Vue app, built with the framework's official Vite plugin, served by ../server.mjs under /vue/.
import { fileURLToPath } from "node:url";
import vue from "@vitejs/plugin-vue";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/vue/",
  plugins: [vue()],
  // Workspace packages resolve to their TypeScript sources: no library build needed for the browser.
  resolve: { conditions: ["source", "module", "browser", "development|production"] },
  build: { outDir: "dist", emptyOutDir: true },
});
