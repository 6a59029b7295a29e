import { atom, onMount } from "nanostores";
import type { ReadableAtom } from "nanostores";
import type { ClientError, ClientResult } from "./fetch-json.js";

/** SPEC.md §3: the client's view of the session. */
export interface SessionState<S> {
  data: S | null;
  error: ClientError | null;
  isPending: boolean;
  isRefetching: boolean;
  refetch: () => Promise<void>;
}

export interface SessionStore<S> {
  $session: ReadableAtom<SessionState<S>>;
  /** Fetches now; concurrent calls share one in-flight request. */
  refetch(): Promise<void>;
  /** Refetches 10 ms from now (SPEC.md §4), coalescing bursts of calls. */
  scheduleRefetch(): void;
  /** Stops listening to focus and other tabs. */
  dispose(): void;
}

const CHANNEL = "gatehouse-session";
export const REFETCH_DELAY_MS = 10;

/**
 * The session atom. State transitions (SPEC.md §4): pending at start; success sets data and clears
 * pending; an error (after the fetcher's retries) sets error and clears data; every request in flight
 * flags isRefetching. Refetches on window focus and when another tab signals a change.
 */
export function createSessionStore<S>(
  fetchSession: () => Promise<ClientResult<S | null>>,
  channel = CHANNEL,
): SessionStore<S> {
  let inFlight: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // Our own copy of the state: nanostores' get() on an unwatched store would mount it (and fetch).
  let current: SessionState<S>;
  const publish = (next: SessionState<S>) => {
    current = next;
    $session.set(next);
  };
  const refetch = (): Promise<void> => {
    if (inFlight) return inFlight;
    const run = async () => {
      await Promise.resolve(); // inFlight is assigned before anything below can re-enter
      publish({ ...current, isRefetching: true });
      const result = await fetchSession();
      publish(
        result.error
          ? { data: null, error: result.error, isPending: false, isRefetching: false, refetch }
          : { data: result.data, error: null, isPending: false, isRefetching: false, refetch },
      );
    };
    inFlight = run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
  current = { data: null, error: null, isPending: true, isRefetching: false, refetch };
  const $session = atom<SessionState<S>>(current);

  const hasWindow = typeof window !== "undefined" && typeof window.addEventListener === "function";
  const onFocus = () => {
    if (typeof document === "undefined" || document.visibilityState !== "hidden") void refetch();
  };
  let listening: BroadcastChannel | null = null;

  // Fetch lazily, when the first subscriber arrives: server-side rendering and unused clients make no
  // request. Focus and other tabs are listened to only while someone is subscribed. nanostores
  // unmounts 1000 ms after the last subscriber leaves (SPEC.md §9 cleanup delay).
  onMount($session, () => {
    void refetch();
    if (hasWindow) window.addEventListener("focus", onFocus);
    if (typeof BroadcastChannel !== "undefined") {
      listening = new BroadcastChannel(channel);
      listening.onmessage = () => void refetch();
    }
    return () => {
      if (hasWindow) window.removeEventListener("focus", onFocus);
      listening?.close();
      listening = null;
    };
  });

  function tellOtherTabs() {
    if (typeof BroadcastChannel === "undefined") return;
    // A channel never receives its own messages, so this tab's listener is not triggered.
    const sender = new BroadcastChannel(channel);
    sender.postMessage("changed");
    sender.close();
  }

  return {
    $session,
    refetch,
    scheduleRefetch() {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void refetch();
        // Other tabs of the same app pick the change up too.
        tellOtherTabs();
      }, REFETCH_DELAY_MS);
    },
    dispose() {
      if (hasWindow) window.removeEventListener("focus", onFocus);
      listening?.close();
      listening = null;
      if (timer) clearTimeout(timer);
    },
  };
}
