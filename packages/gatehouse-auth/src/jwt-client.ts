/** The jwt plugin's client plugin (browser): @gatehouse-auth/jwt/client. */
export * from "@gatehouse-auth/jwt/client";
