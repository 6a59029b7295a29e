/** The bearer plugin's client plugin (browser): @gatehouse-auth/bearer/client. */
export * from "@gatehouse-auth/bearer/client";
