/** @gatehouse-auth/organization/client — the browser half: routes table and stores for the typed client. */
import { ORGANIZATION_ROUTES } from "./routes-table.js";
import type { organization } from "./organization-plugin.js";

export { ORGANIZATION_ROUTES } from "./routes-table.js";

const stale = ["organization", "session"] as const;

/**
 * The client plugin: `createAuthClient({ plugins: [organizationClient()] })`. Adds the organization
 * routes and two stores, `$activeOrganization` (the full active organization) and `$listOrganizations`,
 * refreshed after every organization call that changes them and on sign-in/out
 * (`useActiveOrganization()` / `useListOrganizations()` in @gatehouse-auth/react).
 */
export function organizationClient() {
  const plugin = {
    id: "organization",
    routes: ORGANIZATION_ROUTES,
    queries: {
      activeOrganization: { path: "/organization/get-full-organization", invalidatedBy: stale },
      listOrganizations: { path: "/organization/list", invalidatedBy: stale },
    },
  } as const;
  // Type only: the client infers each call's body and result from the server's endpoints.
  return plugin as typeof plugin & { $endpoints?: ReturnType<typeof organization>["endpoints"] };
}
