/** @gatehouse-auth/username/client — the browser half: the routes table for the typed client. */
import { USERNAME_ROUTES } from "./routes-table.js";
import type { username } from "./username-plugin.js";

export { USERNAME_ROUTES } from "./routes-table.js";

/**
 * The client plugin: `createAuthClient({ plugins: [usernameClient()] })` adds `client.signIn.username`
 * (refreshes the session store) and `client.isUsernameAvailable`.
 */
export function usernameClient() {
  const plugin = { id: "username", routes: USERNAME_ROUTES } as const;
  // Type only: the client infers each call's body and result from the server's endpoints.
  return plugin as typeof plugin & { $endpoints?: ReturnType<typeof username>["endpoints"] };
}
