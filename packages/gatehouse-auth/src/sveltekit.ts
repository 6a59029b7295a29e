/** The SvelteKit integration: @gatehouse-auth/core/sveltekit. */
export * from "@gatehouse-auth/core/sveltekit";
