/** createAuth, the endpoint and plugin API, sessions, errors: @gatehouse-auth/core. */
export * from "@gatehouse-auth/core";
