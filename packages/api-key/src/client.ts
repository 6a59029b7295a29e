/** @gatehouse/api-key/client — the browser half: the routes table for the typed client. */
import { API_KEY_ROUTES } from "./routes-table.js";

export { API_KEY_ROUTES } from "./routes-table.js";

/** The client plugin: `createAuthClient({ plugins: [apiKeyClient()] })` adds `client.apiKey.*`. */
export function apiKeyClient() {
  return { id: "api-key", routes: API_KEY_ROUTES } as const;
}
