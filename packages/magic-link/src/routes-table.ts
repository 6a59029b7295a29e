import type { RouteEntry } from "@gatehouse-auth/core/routes";

/**
 * The plugin's routes: client call path → method, path, and the client state a success makes stale.
 * Browser-safe; the server's endpoints are tested against it (routes-table.test.ts) so the two cannot
 * drift. The verify route is opened by the mailed link (a browser navigation), but a page that reads
 * the token itself may call it too, so it refreshes the session store.
 */
export const MAGIC_LINK_ROUTES = {
  "signIn.magicLink": { method: "POST", path: "/sign-in/magic-link" },
  "magicLink.verify": { method: "GET", path: "/magic-link/verify", invalidates: ["session"] },
} as const satisfies Record<string, RouteEntry>;
