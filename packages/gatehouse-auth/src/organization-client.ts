/** The organization plugin's client plugin (browser): @gatehouse-auth/organization/client. */
export * from "@gatehouse-auth/organization/client";
