/** The magic-link plugin's client plugin (browser): @gatehouse-auth/magic-link/client. */
export * from "@gatehouse-auth/magic-link/client";
