import { organizationClient } from "@gatehouse-auth/organization/client";
import { createAuthClient } from "@gatehouse-auth/svelte";

/** One client for the whole app: same origin, routes under /api/auth, the organization plugin. */
export const client = createAuthClient({ plugins: [organizationClient()] });
