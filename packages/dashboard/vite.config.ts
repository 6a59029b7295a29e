import { defineConfig } from "vite";

// The dashboard's browser app. The server writes the page itself (CSP, meta tags, absolute asset URLs
// read from the manifest), so Vite only has to produce hashed files and the manifest naming them.
export default defineConfig({
  root: "app",
  // Workspace packages resolve to their TypeScript sources, as in the example app.
  resolve: { conditions: ["source", "module", "browser", "development|production"] },
  build: {
    outDir: "../dist/app",
    emptyOutDir: true,
    manifest: true,
    assetsDir: "assets",
    // The page's CSP has no data: for scripts or styles and no 'unsafe-inline': every asset is a file.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    target: "es2022",
  },
});
