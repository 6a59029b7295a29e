/** The username plugin (server): @gatehouse-auth/username. */
export * from "@gatehouse-auth/username";
