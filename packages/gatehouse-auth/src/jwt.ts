/** The jwt plugin (server): @gatehouse-auth/jwt. */
export * from "@gatehouse-auth/jwt";
