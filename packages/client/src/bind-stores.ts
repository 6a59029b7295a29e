import type { ClientPlugin } from "./client-plugin.js";

/** What a framework binding reads from a store: nanostores' readable atom, by its structure. */
export interface ReadableStore<T> {
  /** The value without mounting the store (`get()` mounts it, which starts its first fetch). */
  readonly value: T | undefined;
  get(): T;
  listen(onChange: (value: T) => void): () => void;
  subscribe(onChange: (value: T) => void): () => void;
}

/**
 * True where there is no browser window (server-side rendering): bindings then show the store's
 * current value without subscribing, so rendering on the server starts no fetch and opens no
 * BroadcastChannel (which would also keep the server process alive).
 */
export const isServer = (): boolean => typeof window === "undefined";

/**
 * The client with one framework binding per store: `useSession` for `$session`, and `use<Store>` for
 * every store a client plugin adds (`activeOrganization` → `useActiveOrganization`). `bind` turns a
 * store into the framework's reactive value (a React hook, a Vue ref, a Solid signal, a Svelte
 * store). React, Vue, Svelte and Solid share this, so a plugin store reaches every framework by name.
 */
export function bindStores<C extends object>(
  client: C,
  plugins: readonly ClientPlugin[] | undefined,
  bind: (store: ReadableStore<unknown>) => unknown,
): C {
  const stores = client as unknown as Record<string, ReadableStore<unknown>>;
  const names = ["session", ...(plugins ?? []).flatMap((plugin) => Object.keys(plugin.queries ?? {}))];
  const hooks = new Map<string, () => unknown>();
  for (const name of names) {
    const store = stores[`$${name}`];
    if (store) hooks.set(`use${name[0]?.toUpperCase()}${name.slice(1)}`, () => bind(store));
  }
  // The client is a proxy; the bindings live on a thin wrapper so its call paths stay untouched.
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (typeof prop === "string" && hooks.has(prop)) return hooks.get(prop);
      return Reflect.get(target, prop, receiver);
    },
  });
}
