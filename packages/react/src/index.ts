import { createAuthClient as createBaseClient } from "@gatehouse-auth/client";
import type {
  AuthClient,
  AuthClientOptions,
  ClientPlugin,
  PluginQueries,
  SessionOf,
  SessionState,
} from "@gatehouse-auth/client";
import { useSession as useSessionOf, useStore } from "./use-session.js";

/** `use<Store>()` for every store a plugin adds: `activeOrganization` → `useActiveOrganization()`. */
export type PluginHooks<P extends readonly ClientPlugin[]> = {
  [K in keyof PluginQueries<P> as `use${Capitalize<K & string>}`]: () => SessionState<PluginQueries<P>[K]>;
};

export type ReactAuthClient<P extends readonly ClientPlugin[] = []> = AuthClient<P> &
  PluginHooks<P> & {
    /** The signed-in session, re-rendering on every change. */
    useSession(): SessionState<SessionOf<P>>;
  };

/**
 * The Gatehouse client with React hooks attached: `useSession()`, and `use<Store>()` for every store a
 * client plugin adds (`organizationClient()` adds `useActiveOrganization` and `useListOrganizations`).
 */
export function createAuthClient<const P extends readonly ClientPlugin[] = []>(
  options: AuthClientOptions<P> = {},
): ReactAuthClient<P> {
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
  }) as ReactAuthClient<P>;
}

export { useSessionOf as useSessionFrom, useStore };
export { inferAdditionalFields } from "@gatehouse-auth/client";
export type {
  AuthClient,
  AuthClientOptions,
  ClientSession,
  ClientUser,
  SessionOf,
  SessionState,
} from "@gatehouse-auth/client";
