import { type ReadableStore, isServer } from "@gatehouse-auth/client";
import { type ShallowRef, getCurrentScope, onScopeDispose, shallowRef } from "vue";

/**
 * Any client store (session, active organization…) as a read-only Vue ref. Subscribing starts the
 * store's first fetch; inside a component or `effectScope` the subscription ends with it, so the store
 * can unmount (and stop listening to focus and other tabs) when no component shows it. On the server
 * (no window) it is the store's current value and subscribes to nothing.
 */
export function useStore<T>(store: ReadableStore<T>): Readonly<ShallowRef<T>> {
  if (isServer()) return shallowRef(store.value as T);
  // shallowRef: the state is replaced whole on each change, never mutated, so deep reactivity is waste.
  const state = shallowRef(undefined as T);
  // nanostores' subscribe calls back at once with the current value, then on every change.
  const stop = store.subscribe((value) => {
    state.value = value;
  });
  if (getCurrentScope()) onScopeDispose(stop);
  return state;
}
