/**
 * @gatehouse-auth/core/adapter-conformance — the shared test suite every database adapter must pass.
 * A separate entry from `testing` because it registers vitest tests and so needs vitest loaded.
 */
export { conformanceSchema, runAdapterConformance } from "./testing/adapter-conformance.js";
export type { AdapterSetupResult } from "./testing/adapter-conformance.js";
