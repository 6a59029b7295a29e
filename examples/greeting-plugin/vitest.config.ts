import { defineProject } from "vitest/config";

export default defineProject({
  // "source" resolves workspace packages to their TypeScript, so tests need no build first.
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source", "module", "node", "development|production"] } },
  test: {
    name: "greeting-plugin",
    setupFiles: ["../../test-setup/cheap-password-hash.ts"],
    include: ["src/**/*.test.ts"],
  },
});
