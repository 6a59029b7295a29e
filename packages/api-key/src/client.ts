/** @gatehouse-auth/api-key/client — the browser half: the routes table for the typed client. */
import { API_KEY_ROUTES } from "./routes-table.js";
import type { apiKey } from "./api-key-plugin.js";

export { API_KEY_ROUTES } from "./routes-table.js";

/** The client plugin: `createAuthClient({ plugins: [apiKeyClient()] })` adds `client.apiKey.*`. */
export function apiKeyClient() {
  const plugin = { id: "api-key", routes: API_KEY_ROUTES } as const;
  // Type only: the client infers each call's body and result from the server's endpoints.
  return plugin as typeof plugin & { $endpoints?: ReturnType<typeof apiKey>["endpoints"] };
}
