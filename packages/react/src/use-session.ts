import type { SessionState } from "@gatehouse-auth/client";
import { useSyncExternalStore } from "react";

/** Any client store (session, active organization…) as React state; subscribing starts its first fetch. */
export function useStore<T>(store: { get(): T; listen(onChange: () => void): () => void }): T {
  return useSyncExternalStore(
    (onChange) => store.listen(onChange),
    () => store.get(),
    () => store.get(),
  );
}

/**
 * The session as React state: `{data, error, isPending, isRefetching, refetch}`. Every component shares
 * one store and one request.
 */
export function useSession<S>(client: {
  $session: { get(): SessionState<S>; listen(onChange: () => void): () => void };
}): SessionState<S> {
  return useStore(client.$session);
}
