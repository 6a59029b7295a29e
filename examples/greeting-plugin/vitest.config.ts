import { defineProject } from "vitest/config";

export default defineProject({
  resolve: { conditions: ["source"] },
  test: { name: "greeting-plugin", include: ["src/**/*.test.ts"] },
});
