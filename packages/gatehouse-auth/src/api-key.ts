/** The api-key plugin (server): @gatehouse-auth/api-key. */
export * from "@gatehouse-auth/api-key";
