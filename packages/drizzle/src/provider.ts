/** The databases the adapter runs on, named as drizzle-kit's `dialect` is ("postgresql" → "pg"). */
export type DrizzleProvider = "sqlite" | "pg" | "mysql";

export const PROVIDERS: readonly DrizzleProvider[] = ["sqlite", "pg", "mysql"];

/** The provider in core's dialect names (describeDatabase, the shared SQL helpers). */
export function dialectOf(provider: DrizzleProvider): "sqlite" | "postgres" | "mysql" {
  return provider === "pg" ? "postgres" : provider;
}
