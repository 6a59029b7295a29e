import type { RouteEntry } from "@gatehouse-auth/core/routes";

/**
 * The plugin's routes for the typed client: `client.openAPI.generateSchema()`. Browser-safe; the
 * server's endpoints are tested against it. The reference page is not here: it is HTML for people,
 * and its path is configurable.
 */
export const OPEN_API_ROUTES = {
  "openAPI.generateSchema": { method: "GET", path: "/open-api/generate-schema" },
} as const satisfies Record<string, RouteEntry>;
