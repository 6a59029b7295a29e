// TanStack Start's own Vite plugin (routes, server functions, the server build) and React's.
// `vite build` writes dist/client (the browser's assets) and dist/server/server.js (a Fetch handler),
// which server.mjs serves on Node.
import { tanstackStart } from "@tanstack/react-start/plugin/vite";
import viteReact from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tanstackStart(), viteReact()],
});
