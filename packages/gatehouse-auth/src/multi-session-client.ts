/** The multi-session plugin's client plugin (browser): @gatehouse-auth/multi-session/client. */
export * from "@gatehouse-auth/multi-session/client";
