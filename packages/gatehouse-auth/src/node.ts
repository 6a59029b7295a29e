/** toNodeHandler for node:http, Express and Connect: @gatehouse-auth/core/node. */
export * from "@gatehouse-auth/core/node";
