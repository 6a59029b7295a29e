import type { RouteEntry } from "@gatehouse-auth/core/routes";

/**
 * The plugin's HTTP routes: client call path → method and path. Browser-safe. Only token management is
 * for the app's pages; the /scim/v2 routes are the protocol identity providers call with the token.
 */
export const SCIM_ROUTES = {
  "scim.generateToken": { method: "POST", path: "/scim/generate-token" },
} as const satisfies Record<string, RouteEntry>;
