/** @gatehouse-auth/jwt/client — the browser half: `client.token()` and `client.jwks()`. */
import type { jwt } from "./jwt-plugin.js";
import { JWT_ROUTES } from "./routes-table.js";

export { JWT_ROUTES } from "./routes-table.js";

/** The client plugin: `createAuthClient({ plugins: [jwtClient()] })` adds `client.token()` → `{ token }`. */
export function jwtClient() {
  const plugin = { id: "jwt", routes: JWT_ROUTES } as const;
  // Type only: the client infers each call's result from the server's endpoints.
  return plugin as typeof plugin & { $endpoints?: ReturnType<typeof jwt>["endpoints"] };
}
