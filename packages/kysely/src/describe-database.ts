// Shared with every SQL adapter: core's adapter/describe-database.ts.
export { describeDatabase } from "@gatehouse-auth/core";
