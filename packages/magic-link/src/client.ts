/** @gatehouse-auth/magic-link/client — the browser half: the routes table for the typed client. */
import type { magicLink } from "./magic-link-plugin.js";
import { MAGIC_LINK_ROUTES } from "./routes-table.js";

export { MAGIC_LINK_ROUTES } from "./routes-table.js";

/**
 * The client plugin: `createAuthClient({ plugins: [magicLinkClient()] })` adds
 * `client.signIn.magicLink({ email, callbackURL })` and `client.magicLink.verify({ token })`.
 */
export function magicLinkClient() {
  const plugin = { id: "magic-link", routes: MAGIC_LINK_ROUTES } as const;
  // Type only: the client infers each call's body and result from the server's endpoints.
  return plugin as typeof plugin & { $endpoints?: ReturnType<typeof magicLink>["endpoints"] };
}
