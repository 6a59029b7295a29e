/** The oauth-provider plugin (server): @gatehouse-auth/oauth-provider. */
export * from "@gatehouse-auth/oauth-provider";
