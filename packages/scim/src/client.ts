/** @gatehouse-auth/scim/client — the browser half: `client.scim.generateToken({ organizationId })` for a settings page. */
import { SCIM_ROUTES } from "./routes-table.js";
import type { scim } from "./scim-plugin.js";

export { SCIM_ROUTES } from "./routes-table.js";

/** The client plugin: `createAuthClient({ plugins: [scimClient()] })`. */
export function scimClient() {
  const plugin = { id: "scim", routes: SCIM_ROUTES } as const;
  // Type only: the client infers each call's result from the server's endpoints.
  return plugin as typeof plugin & { $endpoints?: ReturnType<typeof scim>["endpoints"] };
}
