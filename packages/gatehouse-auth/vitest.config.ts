import { defineProject } from "vitest/config";

export default defineProject({
  // "source" resolves workspace packages to their TypeScript, so tests need no build first. The first
  // import of core from source is slow on a loaded machine: a generous timeout, no timing asserted.
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source", "module", "node", "development|production"] } },
  test: {
    name: "gatehouse-auth",
    setupFiles: ["../../test-setup/cheap-password-hash.ts"],
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 180000,
  },
});
