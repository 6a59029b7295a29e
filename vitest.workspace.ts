import { defineWorkspace } from "vitest/config";

// Every package runs its own tests from source (the "source" export condition), so `pnpm test`
// never needs a stale build to be correct.
export default defineWorkspace(["packages/*/vitest.config.ts", "examples/*/vitest.config.ts"]);
