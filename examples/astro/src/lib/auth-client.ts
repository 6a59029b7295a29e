// The browser side: same origin, /api/auth. Imported by the pages' <script> tags, which Astro bundles.
import { createAuthClient } from "@gatehouse-auth/client";

export const authClient = createAuthClient();
