// The database watch is core's (adapter/database-watch.ts): one per driver object, whichever adapter uses it.
export { guardConnection, watchDatabase } from "@gatehouse-auth/core";
export type { DatabaseWatch, WatchLogger } from "@gatehouse-auth/core";
