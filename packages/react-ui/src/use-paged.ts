import { useCallback, useEffect, useRef, useState } from "react";
import { callClient } from "./call-client.js";
import { useGatehouseUI } from "./gatehouse-ui.js";

/** A paged listing's state: the rows so far (`undefined` loading, `null` failed), whether more remain. */
export interface Paged<T> {
  items: T[] | null | undefined;
  /** The code of the last failure (a first page that failed, or a "show more" that did). */
  errorCode: string | null;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
  reload: () => void;
}

/**
 * A keyset-paged listing of the organization plugin, fetched after mount (never during render). Rows
 * come as a bare array with the next cursor in the `X-Next-Cursor` header (list, list-invitations,
 * list-teams) or as `{ [key]: rows, nextCursor }` (list-members: `key` names the rows).
 */
export function usePaged<T>(
  path: string,
  query: Record<string, string | number | undefined>,
  { enabled = true, key }: { enabled?: boolean; key?: string } = {},
): Paged<T> {
  const { client } = useGatehouseUI();
  const [items, setItems] = useState<T[] | null | undefined>(undefined);
  const [cursor, setCursor] = useState<string | null>(null);
  const [errorCode, setErrorCode] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [round, setRound] = useState(0);
  const live = useRef(0);
  const shown = useRef(0);
  shown.current = items?.length ?? 0;
  const queryKey = JSON.stringify(query);

  const fetchPage = useCallback(
    async (after: string | null, atLeast = 0) => {
      let header: string | null = null;
      const onResponse = (response: Response) => {
        header = response.headers.get("x-next-cursor");
      };
      const body: Record<string, unknown> = { ...JSON.parse(queryKey), ...(after ? { cursor: after } : {}) };
      // A reload asks for as many rows as were shown (up to the server's cap), not just the first page.
      if (atLeast > Number(body.limit ?? 0)) body.limit = Math.min(atLeast, 100);
      const r = await callClient<unknown>(client, path, body, { onResponse });
      if (r.error) return { error: r.error.code ?? (r.error.status === 0 ? "NETWORK_ERROR" : "UNKNOWN") };
      const data = r.data as Record<string, unknown> | unknown[] | null;
      const rows = key ? (data as Record<string, unknown> | null)?.[key] : data;
      if (!Array.isArray(rows)) return { error: "UNKNOWN" };
      const next = key ? ((data as { nextCursor?: string | null }).nextCursor ?? null) : header;
      return { rows: rows as T[], next };
    },
    [client, path, queryKey, key],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is the reload trigger.
  useEffect(() => {
    const mine = ++live.current;
    // Disabled (a closed popover): forget the rows, so enabling it again starts from a fresh first page.
    if (!enabled) return setItems(undefined);
    void fetchPage(null, shown.current).then((page) => {
      if (mine !== live.current) return;
      setLoadingMore(false);
      if ("error" in page) {
        setItems(null);
        setErrorCode(page.error ?? "UNKNOWN");
        return;
      }
      setErrorCode(null);
      setItems(page.rows);
      setCursor(page.next);
    });
  }, [fetchPage, round, enabled]);

  const loadMore = useCallback(() => {
    if (!cursor) return;
    const mine = live.current;
    setLoadingMore(true);
    void fetchPage(cursor).then((page) => {
      if (mine !== live.current) return;
      setLoadingMore(false);
      if ("error" in page) return setErrorCode(page.error ?? "UNKNOWN");
      setErrorCode(null);
      setItems((before) => [...(before ?? []), ...page.rows]);
      setCursor(page.next);
    });
  }, [cursor, fetchPage]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { items, errorCode, hasMore: cursor !== null, loadingMore, loadMore, reload };
}
