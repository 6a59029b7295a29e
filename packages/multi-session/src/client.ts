/** @gatehouse-auth/multi-session/client — the browser half: the routes table and the device-sessions store. */
import type { multiSession } from "./multi-session-plugin.js";
import { MULTI_SESSION_ROUTES } from "./routes-table.js";

export { MULTI_SESSION_ROUTES } from "./routes-table.js";

/**
 * The client plugin: `createAuthClient({ plugins: [multiSessionClient()] })` adds
 * `client.multiSession.listDeviceSessions()` (sessions by id, the active one `current`), `.setActive({ sessionId })`
 * and `.revoke({ sessionId })`
 * (both refresh the session store), and the `$deviceSessions` store (`useDeviceSessions()` in
 * @gatehouse-auth/react), refetched after every sign-in, sign-out, switch and revoke.
 */
export function multiSessionClient() {
  const plugin = {
    id: "multi-session",
    routes: MULTI_SESSION_ROUTES,
    queries: { deviceSessions: { path: "/multi-session/list-device-sessions", invalidatedBy: ["session"] } },
  } as const;
  // Type only: the client infers each call's body and result from the server's endpoints.
  return plugin as typeof plugin & { $endpoints?: ReturnType<typeof multiSession>["endpoints"] };
}
