/** The admin plugin's client plugin (browser): @gatehouse-auth/admin/client. */
export * from "@gatehouse-auth/admin/client";
