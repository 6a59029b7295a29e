import { useEffect, useState } from "react";
import { callClient } from "./call-client.js";
import type { UiClient } from "./gatehouse-ui.js";

/** The server's `GET /capabilities` answer: which sign-in methods and plugins are on. */
export interface Capabilities {
  emailAndPassword: {
    enabled: boolean;
    signUp: boolean;
    minPasswordLength: number;
    maxPasswordLength: number;
    requireEmailVerification: boolean;
  };
  socialProviders: { id: string; name: string }[];
  plugins: string[];
}

// One request per client for the page's lifetime: every component on the page shares it.
const cache = new WeakMap<object, Promise<Capabilities | null>>();

function load(client: UiClient): Promise<Capabilities | null> {
  let pending = cache.get(client);
  if (!pending) {
    pending = callClient<Capabilities>(client, "capabilities").then((r) => r.data ?? null);
    cache.set(client, pending);
    // A failed request is not remembered: the next component to mount asks again.
    void pending.then((c) => c ?? cache.delete(client));
  }
  return pending;
}

/**
 * What the server offers: `given` when the app passed it, else fetched once after mount (never during
 * render, so server rendering stays request-free and shows the loading state). `null` when unreachable.
 */
export function useCapabilities(client: UiClient, given?: Capabilities): Capabilities | null | undefined {
  const [state, setState] = useState<Capabilities | null | undefined>(given);
  useEffect(() => {
    if (given) return setState(given);
    let live = true;
    void load(client).then((c) => live && setState(c));
    return () => {
      live = false;
    };
  }, [client, given]);
  return state;
}
