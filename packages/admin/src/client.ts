/** @gatehouse-auth/admin/client — the browser half: the routes table for the typed client. */
import { ADMIN_ROUTES } from "./routes-table.js";
import type { admin } from "./admin-plugin.js";

export { ADMIN_ROUTES } from "./routes-table.js";

/**
 * The client plugin: `createAuthClient({ plugins: [adminClient()] })` adds `client.admin.*`;
 * impersonate-user and stop-impersonating refresh the session store.
 */
export function adminClient() {
  const plugin = { id: "admin", routes: ADMIN_ROUTES } as const;
  // Type only: the client infers each call's body and result from the server's endpoints.
  return plugin as typeof plugin & { $endpoints?: ReturnType<typeof admin>["endpoints"] };
}
