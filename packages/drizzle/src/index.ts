export { drizzleAdapter } from "./drizzle-adapter.js";
export type { DrizzleAdapterOptions } from "./drizzle-adapter.js";
export type { DrizzleProvider } from "./provider.js";
