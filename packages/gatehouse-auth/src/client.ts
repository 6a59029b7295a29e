/** The typed browser client and its session store: @gatehouse-auth/client. */
export * from "@gatehouse-auth/client";
