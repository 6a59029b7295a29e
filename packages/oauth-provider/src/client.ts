/** @gatehouse-auth/oauth-provider/client — the browser half: `client.oauth2.consent({ accept, oauth_query })` for a consent page. */
import type { oauthProvider } from "./oauth-provider-plugin.js";
import { OAUTH_PROVIDER_ROUTES } from "./routes-table.js";

export { OAUTH_PROVIDER_ROUTES } from "./routes-table.js";

/** The client plugin: `createAuthClient({ plugins: [oauthProviderClient()] })`. */
export function oauthProviderClient() {
  const plugin = { id: "oauth-provider", routes: OAUTH_PROVIDER_ROUTES } as const;
  // Type only: the client infers each call's result from the server's endpoints.
  return plugin as typeof plugin & { $endpoints?: ReturnType<typeof oauthProvider>["endpoints"] };
}
