/** The audit-log plugin (server): @gatehouse-auth/audit-log. */
export * from "@gatehouse-auth/audit-log";
