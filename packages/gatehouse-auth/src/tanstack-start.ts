/** The TanStack Start integration: @gatehouse-auth/core/tanstack-start. */
export * from "@gatehouse-auth/core/tanstack-start";
