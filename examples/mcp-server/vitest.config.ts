import { defineProject } from "vitest/config";

export default defineProject({
  // "source" resolves workspace packages to their TypeScript, so tests need no build first.
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source", "module", "node", "development|production"] } },
  test: {
    name: "example-mcp-server",
    setupFiles: ["../../test-setup/cheap-password-hash.ts"],
    include: ["test/**/*.test.ts"],
    testTimeout: 20000,
  },
});
