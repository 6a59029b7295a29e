/** The magic-link plugin (server): @gatehouse-auth/magic-link. */
export * from "@gatehouse-auth/magic-link";
