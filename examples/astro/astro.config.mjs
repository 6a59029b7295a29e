// Every page is rendered on request (the session is per request), by @astrojs/node's standalone server.
import node from "@astrojs/node";
import { defineConfig } from "astro/config";

export default defineConfig({
  output: "server",
  adapter: node({ mode: "standalone" }),
  // No telemetry, and no dev toolbar in the built app.
  devToolbar: { enabled: false },
});
