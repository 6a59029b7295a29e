/** @gatehouse/admin/client — the browser half: the routes table for the typed client. */
import { ADMIN_ROUTES } from "./routes-table.js";

export { ADMIN_ROUTES } from "./routes-table.js";

/**
 * The client plugin: `createAuthClient({ plugins: [adminClient()] })` adds `client.admin.*`;
 * impersonate-user and stop-impersonating refresh the session store.
 */
export function adminClient() {
  return { id: "admin", routes: ADMIN_ROUTES } as const;
}
