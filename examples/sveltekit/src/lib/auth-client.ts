import { createAuthClient } from "@gatehouse-auth/svelte";

export const authClient = createAuthClient(); // same origin, /api/auth
