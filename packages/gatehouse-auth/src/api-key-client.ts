/** The api-key plugin's client plugin (browser): @gatehouse-auth/api-key/client. */
export * from "@gatehouse-auth/api-key/client";
