/** The oauth-provider plugin's client plugin (browser): @gatehouse-auth/oauth-provider/client. */
export * from "@gatehouse-auth/oauth-provider/client";
