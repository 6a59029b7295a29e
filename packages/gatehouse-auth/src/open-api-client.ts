/** The open-api plugin's client plugin (browser): @gatehouse-auth/open-api/client. */
export * from "@gatehouse-auth/open-api/client";
