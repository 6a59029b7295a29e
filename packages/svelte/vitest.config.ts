import { svelte } from "@sveltejs/vite-plugin-svelte";
import { defineProject } from "vitest/config";

export default defineProject({
  // The official plugin compiles the test components. "browser": Svelte's server build renders strings
  // and runs no effects, so tests take the client build, inlined so that Vite (not Node) resolves it.
  plugins: [svelte()],
  resolve: { conditions: ["source", "browser"] },
  ssr: { resolve: { conditions: ["source", "browser", "module", "development|production"] } },
  test: {
    name: "svelte",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    setupFiles: ["./test/dom.ts"],
    server: { deps: { inline: [/svelte/] } },
    // Components compile for the browser (the default for a Node test would be server rendering).
    testTransformMode: { web: ["**/*"] },
    testTimeout: 20000,
  },
});
