import { type ReadableStore, isServer } from "@gatehouse-auth/client";
import { type Accessor, createSignal, getOwner, onCleanup } from "solid-js";

/**
 * Any client store (session, active organization…) as a Solid signal. Subscribing starts the store's
 * first fetch; under a reactive owner (a component, `createRoot`) the subscription ends with it, so the
 * store can unmount (and stop listening to focus and other tabs) when nothing shows it. On the server
 * (no window) it is the store's current value and subscribes to nothing.
 */
export function useStore<T>(store: ReadableStore<T>): Accessor<T> {
  if (isServer()) return () => store.value as T;
  // equals: false — each state is a new object anyway, and a refetch that answers the same user must
  // still clear isRefetching.
  const [state, setState] = createSignal(undefined as T, { equals: false });
  // nanostores' subscribe calls back at once with the current value, then on every change.
  const stop = store.subscribe((value) => setState(() => value));
  if (getOwner()) onCleanup(stop);
  return state;
}
