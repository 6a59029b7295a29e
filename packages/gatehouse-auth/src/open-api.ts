/** The open-api plugin (server): @gatehouse-auth/open-api. */
export * from "@gatehouse-auth/open-api";
