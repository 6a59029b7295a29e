/** @gatehouse-auth/open-api/client — the browser half: the routes table for the typed client. */
import { OPEN_API_ROUTES } from "./routes-table.js";

export { OPEN_API_ROUTES } from "./routes-table.js";

/** The client plugin: `createAuthClient({ plugins: [openAPIClient()] })` adds `openAPI.generateSchema()`. */
export function openAPIClient() {
  return { id: "open-api", routes: OPEN_API_ROUTES } as const;
}
