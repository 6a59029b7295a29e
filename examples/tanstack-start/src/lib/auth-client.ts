// The browser side: same origin, /api/auth.
import { createAuthClient } from "@gatehouse-auth/client";

export const authClient = createAuthClient();
