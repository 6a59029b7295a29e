import { atom, onMount } from "nanostores";
import type { ReadableAtom } from "nanostores";
import type { ClientError, ClientResult } from "./fetch-json.js";
import { createRefetchScheduler } from "./refetch-scheduler.js";

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
  /**
   * The state once it is known: after the request in flight, if any, has answered (a store never
   * fetched fetches now). Plugin stores wait on it so they ask only when there is a user.
   */
  settled(): Promise<SessionState<S>>;
  /** Stops listening to focus and other tabs. */
  dispose(): void;
}

const CHANNEL = "gatehouse-session";
export { REFETCH_DELAY_MS } from "./refetch-scheduler.js";

/** The state an answer leaves: data, or the error (which clears data). */
export function answeredState<S>(result: ClientResult<S | null>, refetch: () => Promise<void>): SessionState<S> {
  return result.error
    ? { data: null, error: result.error, isPending: false, isRefetching: false, refetch }
    : { data: result.data, error: null, isPending: false, isRefetching: false, refetch };
}

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
      publish(answeredState(await fetchSession(), refetch));
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
  const scheduler = createRefetchScheduler(refetch, channel, () => listening);

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

  return {
    $session,
    refetch,
    scheduleRefetch: scheduler.schedule,
    async settled() {
      if (!inFlight && current.isPending) void refetch();
      // A refetch may start while we wait (focus, another tab): wait for that one too.
      while (inFlight) await inFlight;
      return current;
    },
    dispose() {
      if (hasWindow) window.removeEventListener("focus", onFocus);
      listening?.close();
      listening = null;
      scheduler.cancel();
    },
  };
}
