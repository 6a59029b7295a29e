import { createAuthClient as createBaseClient } from "@gatehouse/client";
import type { AuthClient, AuthClientOptions, ClientSession, SessionState } from "@gatehouse/client";
import { useSession as useSessionOf } from "./use-session.js";

export type ReactAuthClient = AuthClient & {
  /** The signed-in session, re-rendering on every change. */
  useSession(): SessionState<ClientSession>;
};

/** The Gatehouse client with React hooks attached. */
export function createAuthClient(options: AuthClientOptions = {}): ReactAuthClient {
  const client = createBaseClient(options);
  const useSession = () => useSessionOf(client);
  // The client is a proxy; hooks live on a thin wrapper so the proxy's call paths stay untouched.
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === "useSession") return useSession;
      return Reflect.get(target, prop, receiver);
    },
  }) as ReactAuthClient;
}

export { useSessionOf as useSessionFrom };
export type { AuthClient, AuthClientOptions, ClientSession, SessionState } from "@gatehouse/client";
