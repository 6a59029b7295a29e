/** The multi-session plugin (server): @gatehouse-auth/multi-session. */
export * from "@gatehouse-auth/multi-session";
