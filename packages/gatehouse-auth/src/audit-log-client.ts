/** The audit-log plugin's client plugin (browser): @gatehouse-auth/audit-log/client. */
export * from "@gatehouse-auth/audit-log/client";
