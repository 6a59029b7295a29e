import { bindStores, createAuthClient as createBaseClient } from "@gatehouse-auth/client";
import type {
  AuthClient,
  AuthClientOptions,
  ClientPlugin,
  PluginQueries,
  ReadableStore,
  SessionOf,
  SessionState,
} from "@gatehouse-auth/client";
import type { Accessor } from "solid-js";
import { useStore } from "./use-store.js";

/** `use<Store>()` for every store a plugin adds: `activeOrganization` → `useActiveOrganization()`. */
export type PluginSignals<P extends readonly ClientPlugin[]> = {
  [K in keyof PluginQueries<P> as `use${Capitalize<K & string>}`]: () => Accessor<SessionState<PluginQueries<P>[K]>>;
};

export type SolidAuthClient<P extends readonly ClientPlugin[] = []> = AuthClient<P> &
  PluginSignals<P> & {
    /** The signed-in session as a signal: `session().data?.user`. */
    useSession(): Accessor<SessionState<SessionOf<P>>>;
  };

/**
 * The Gatehouse client with Solid signals attached: `useSession()`, and `use<Store>()` for every store
 * a client plugin adds (`organizationClient()` adds `useActiveOrganization` and `useListOrganizations`).
 */
export function createAuthClient<const P extends readonly ClientPlugin[] = []>(
  options: AuthClientOptions<P> = {},
): SolidAuthClient<P> {
  return bindStores(createBaseClient(options), options.plugins, (store) =>
    useStore(store as ReadableStore<unknown>),
  ) as SolidAuthClient<P>;
}

export { useStore };
export { inferAdditionalFields } from "@gatehouse-auth/client";
export type {
  AuthClient,
  AuthClientOptions,
  ClientSession,
  ClientUser,
  SessionOf,
  SessionState,
} from "@gatehouse-auth/client";
