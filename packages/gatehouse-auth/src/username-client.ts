/** The username plugin's client plugin (browser): @gatehouse-auth/username/client. */
export * from "@gatehouse-auth/username/client";
