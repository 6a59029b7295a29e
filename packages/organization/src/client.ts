/** @gatehouse/organization/client — the browser half: routes table and stores for the typed client. */
import { ORGANIZATION_ROUTES } from "./routes-table.js";

export { ORGANIZATION_ROUTES } from "./routes-table.js";

const stale = ["organization", "session"] as const;

/**
 * The client plugin: `createAuthClient({ plugins: [organizationClient()] })`. Adds the organization
 * routes and two stores, `$activeOrganization` (the full active organization) and `$listOrganizations`,
 * refreshed after every organization call that changes them and on sign-in/out
 * (`useActiveOrganization()` / `useListOrganizations()` in @gatehouse/react).
 */
export function organizationClient() {
  return {
    id: "organization",
    routes: ORGANIZATION_ROUTES,
    queries: {
      activeOrganization: { path: "/organization/get-full-organization", invalidatedBy: stale },
      listOrganizations: { path: "/organization/list", invalidatedBy: stale },
    },
  } as const;
}
