/** The organization plugin (server): @gatehouse-auth/organization. */
export * from "@gatehouse-auth/organization";
