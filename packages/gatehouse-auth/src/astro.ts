/** The Astro integration: @gatehouse-auth/core/astro. */
export * from "@gatehouse-auth/core/astro";
