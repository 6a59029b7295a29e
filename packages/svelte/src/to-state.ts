import { type ReadableStore, isServer } from "@gatehouse-auth/client";
import { createSubscriber } from "svelte/reactivity";

/**
 * A client store for Svelte 5, both ways at once: a Svelte store (`$session` in a component) and a
 * rune-friendly value (`session.current`, reactive in templates, `$derived` and `$effect`).
 */
export interface StoreState<T> {
  /** The Svelte store contract: calls back now and on every change; returns the unsubscriber. */
  subscribe(run: (value: T) => void): () => void;
  /** The current value; read inside an effect or template, it subscribes for as long as that lives. */
  readonly current: T;
}

/** Wraps a client store (session, active organization…) as a {@link StoreState}. */
export function toState<T>(store: ReadableStore<T>): StoreState<T> {
  // On the server (no window): the current value, and no subscription (no fetch, no BroadcastChannel).
  if (isServer())
    return {
      subscribe(run) {
        run(store.value as T);
        return () => {};
      },
      get current() {
        return store.value as T;
      },
    };
  // createSubscriber listens while at least one effect reads `current`, and stops when the last one is
  // torn down, so an unused store unmounts (and stops listening to focus and other tabs).
  const track = createSubscriber((update) => store.listen(() => update()));
  return {
    subscribe: (run) => store.subscribe((value) => run(value)),
    get current() {
      track();
      return store.get();
    },
  };
}
