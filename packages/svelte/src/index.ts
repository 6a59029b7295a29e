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
import { type StoreState, toState } from "./to-state.js";

/** `use<Store>()` for every store a plugin adds: `activeOrganization` → `useActiveOrganization()`. */
export type PluginStates<P extends readonly ClientPlugin[]> = {
  [K in keyof PluginQueries<P> as `use${Capitalize<K & string>}`]: () => StoreState<SessionState<PluginQueries<P>[K]>>;
};

export type SvelteAuthClient<P extends readonly ClientPlugin[] = []> = AuthClient<P> &
  PluginStates<P> & {
    /** The signed-in session: `$session.data` (store) or `session.current.data` (runes). */
    useSession(): StoreState<SessionState<SessionOf<P>>>;
  };

/**
 * The Gatehouse client for Svelte 5: `useSession()`, and `use<Store>()` for every store a client plugin
 * adds (`organizationClient()` adds `useActiveOrganization` and `useListOrganizations`). Each returns a
 * Svelte store that also has a reactive `current`. The raw stores stay on the client (`$session`,
 * `$activeOrganization`) and are Svelte stores too.
 */
export function createAuthClient<const P extends readonly ClientPlugin[] = []>(
  options: AuthClientOptions<P> = {},
): SvelteAuthClient<P> {
  return bindStores(createBaseClient(options), options.plugins, (store) =>
    toState(store as ReadableStore<unknown>),
  ) as SvelteAuthClient<P>;
}

export { toState };
export type { StoreState };
export { inferAdditionalFields } from "@gatehouse-auth/client";
export type {
  AuthClient,
  AuthClientOptions,
  ClientSession,
  ClientUser,
  SessionOf,
  SessionState,
} from "@gatehouse-auth/client";
