/** The Fastify integration: @gatehouse-auth/core/fastify. */
export * from "@gatehouse-auth/core/fastify";
