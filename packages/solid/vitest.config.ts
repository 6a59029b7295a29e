import { defineProject } from "vitest/config";

export default defineProject({
  // "source" resolves workspace packages to their TypeScript, so tests need no build first. "browser":
  // solid-js's server build has no reactivity, so tests take the browser build, inlined so that Vite
  // (not Node, which knows no such condition) resolves it.
  resolve: { conditions: ["source", "browser"] },
  ssr: { resolve: { conditions: ["source", "browser", "module", "development|production"] } },
  test: {
    name: "solid",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    setupFiles: ["./test/dom.ts"],
    server: { deps: { inline: [/solid-js/] } },
    testTimeout: 20000,
  },
});
