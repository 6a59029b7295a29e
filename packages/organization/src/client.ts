/** @gatehouse/organization/client — the browser half: the plugin's routes table for the typed client. */
import { ORGANIZATION_ROUTES } from "./routes-table.js";

export { ORGANIZATION_ROUTES } from "./routes-table.js";

/** The client plugin: `createAuthClient({ plugins: [organizationClient()] })`. */
export function organizationClient() {
  return { id: "organization", routes: ORGANIZATION_ROUTES } as const;
}
