import { defineProject } from "vitest/config";

// The target runs the packages' dist builds (`pnpm test` builds first), as the conformance suite does.
export default defineProject({
  test: { name: "conformance-target", include: ["test/**/*.test.mjs"], testTimeout: 20000, hookTimeout: 30000 },
});
