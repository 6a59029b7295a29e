import type { RouteEntry } from "@gatehouse-auth/core/routes";

/**
 * The plugin's routes at the default path (`/dashboard`): name → method and path. Browser-safe; the
 * server's endpoints are tested against it (routes-table.test.ts) so the two cannot drift. With a custom
 * `path`, replace the leading `/dashboard`.
 */
export const DASHBOARD_ROUTES = {
  page: { method: "GET", path: "/dashboard" },
  asset: { method: "GET", path: "/dashboard/assets/:file" },
  me: { method: "GET", path: "/dashboard/api/me" },
  overview: { method: "GET", path: "/dashboard/api/overview" },
  userDetail: { method: "GET", path: "/dashboard/api/user-detail" },
  userNames: { method: "GET", path: "/dashboard/api/user-names" },
  listOrganizations: { method: "GET", path: "/dashboard/api/list-organizations" },
  getOrganization: { method: "GET", path: "/dashboard/api/get-organization" },
  listApiKeys: { method: "GET", path: "/dashboard/api/list-api-keys" },
  deleteApiKey: { method: "POST", path: "/dashboard/api/delete-api-key" },
  listSsoConnections: { method: "GET", path: "/dashboard/api/list-sso-connections" },
} as const satisfies Record<string, RouteEntry>;
