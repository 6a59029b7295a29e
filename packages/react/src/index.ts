import { createAuthClient as createBaseClient } from "@gatehouse/client";
import type { AuthClient, AuthClientOptions, ClientSession, SessionState } from "@gatehouse/client";
import { useSession as useSessionOf, useStore } from "./use-session.js";

export type ReactAuthClient = AuthClient & {
  /** The signed-in session, re-rendering on every change. */
  useSession(): SessionState<ClientSession>;
  /** With organizationClient(): the full active organization (null when none is active). */
  // biome-ignore lint/suspicious/noExplicitAny: the organization's shape comes from the server plugin.
  useActiveOrganization(): SessionState<any>;
  /** With organizationClient(): the organizations the user belongs to. */
  // biome-ignore lint/suspicious/noExplicitAny: the organization's shape comes from the server plugin.
  useListOrganizations(): SessionState<any[]>;
};

/**
 * The Gatehouse client with React hooks attached: `useSession()`, and `use<Store>()` for every store a
 * client plugin adds (`organizationClient()` adds `useActiveOrganization` and `useListOrganizations`).
 */
export function createAuthClient(options: AuthClientOptions = {}): ReactAuthClient {
  const client = createBaseClient(options);
  const hooks = new Map<string, () => unknown>([["useSession", () => useSessionOf(client)]]);
  for (const plugin of options.plugins ?? []) {
    for (const name of Object.keys(plugin.queries ?? {})) {
      const store = client[`$${name}`];
      hooks.set(`use${name[0]?.toUpperCase()}${name.slice(1)}`, () => useStore(store));
    }
  }
  // The client is a proxy; hooks live on a thin wrapper so the proxy's call paths stay untouched.
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (typeof prop === "string" && hooks.has(prop)) return hooks.get(prop);
      return Reflect.get(target, prop, receiver);
    },
  }) as ReactAuthClient;
}

export { useSessionOf as useSessionFrom, useStore };
export type { AuthClient, AuthClientOptions, ClientSession, SessionState } from "@gatehouse/client";
