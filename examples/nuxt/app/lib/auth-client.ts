import { createAuthClient } from "@gatehouse-auth/vue";

export const authClient = createAuthClient(); // same origin, /api/auth
