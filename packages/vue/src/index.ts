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
import type { ShallowRef } from "vue";
import { useStore } from "./use-store.js";

/** `use<Store>()` for every store a plugin adds: `activeOrganization` → `useActiveOrganization()`. */
export type PluginComposables<P extends readonly ClientPlugin[]> = {
  [K in keyof PluginQueries<P> as `use${Capitalize<K & string>}`]: () => Readonly<
    ShallowRef<SessionState<PluginQueries<P>[K]>>
  >;
};

export type VueAuthClient<P extends readonly ClientPlugin[] = []> = AuthClient<P> &
  PluginComposables<P> & {
    /** The signed-in session as a ref: `session.value.data?.user`. */
    useSession(): Readonly<ShallowRef<SessionState<SessionOf<P>>>>;
  };

/**
 * The Gatehouse client with Vue composables attached: `useSession()`, and `use<Store>()` for every
 * store a client plugin adds (`organizationClient()` adds `useActiveOrganization` and
 * `useListOrganizations`). Each returns a read-only ref that follows the store.
 */
export function createAuthClient<const P extends readonly ClientPlugin[] = []>(
  options: AuthClientOptions<P> = {},
): VueAuthClient<P> {
  return bindStores(createBaseClient(options), options.plugins, (store) =>
    useStore(store as ReadableStore<unknown>),
  ) as VueAuthClient<P>;
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
