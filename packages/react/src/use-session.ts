import type { AuthClient, ClientSession, SessionState } from "@gatehouse/client";
import { useSyncExternalStore } from "react";

/**
 * The session as React state: `{data, error, isPending, isRefetching, refetch}`. Subscribing starts the
 * first fetch; every component shares one store and one request.
 */
export function useSession(client: Pick<AuthClient, "$session">): SessionState<ClientSession> {
  const store = client.$session;
  return useSyncExternalStore(
    (onChange) => store.listen(onChange),
    () => store.get(),
    () => store.get(),
  );
}
