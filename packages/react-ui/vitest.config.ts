import { defineProject } from "vitest/config";

export default defineProject({
  // "source" resolves workspace packages to their TypeScript, so tests need no build first.
  resolve: { conditions: ["source"] },
  ssr: { resolve: { conditions: ["source", "module", "node", "development|production"] } },
  esbuild: { jsx: "automatic" },
  test: {
    name: "react-ui",
    setupFiles: ["../../test-setup/cheap-password-hash.ts"],
    include: ["src/**/*.test.{ts,tsx}", "test/**/*.test.{ts,tsx}"],
    testTimeout: 20000,
  },
});
