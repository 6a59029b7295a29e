import { useCallback, useEffect, useState } from "react";
import { callClient } from "./call-client.js";
import { useGatehouseUI } from "./gatehouse-ui.js";

/**
 * A listing fetched through the client after mount (never during render: server rendering stays
 * request-free and shows the loading state). `undefined` while loading, `null` when it failed.
 */
export function useListing<T>(
  path: string,
  /** False while signed out: a listing would only answer 401. */
  enabled = true,
): { items: T[] | null | undefined; reload: () => void } {
  const { client } = useGatehouseUI();
  const [items, setItems] = useState<T[] | null | undefined>(undefined);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the reload trigger.
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void callClient<T[]>(client, path).then((r) => {
      if (live) setItems(Array.isArray(r.data) ? r.data : null);
    });
    return () => {
      live = false;
    };
  }, [client, path, round, enabled]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { items, reload };
}
