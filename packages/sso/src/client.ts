/** @gatehouse-auth/sso/client — the browser half: the routes table for the typed client. */
import { SSO_ROUTES } from "./routes-table.js";
import type { sso } from "./sso-plugin.js";

export { SSO_ROUTES } from "./routes-table.js";

/** The client plugin: `createAuthClient({ plugins: [ssoClient()] })` adds `signIn.sso` and the `sso.*` calls. */
export function ssoClient() {
  const plugin = { id: "sso", routes: SSO_ROUTES } as const;
  // Type only: the client infers each call's body and result from the server's endpoints.
  return plugin as typeof plugin & { $endpoints?: ReturnType<typeof sso>["endpoints"] };
}
