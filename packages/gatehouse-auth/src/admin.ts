/** The admin plugin (server): @gatehouse-auth/admin. */
export * from "@gatehouse-auth/admin";
