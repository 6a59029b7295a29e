/** The bearer plugin (server): @gatehouse-auth/bearer. */
export * from "@gatehouse-auth/bearer";
