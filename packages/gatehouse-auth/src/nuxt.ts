/** The Nuxt (Nitro, h3) integration: @gatehouse-auth/core/nuxt (needs h3, which Nuxt brings). */
export * from "@gatehouse-auth/core/nuxt";
