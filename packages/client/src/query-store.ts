import { atom, onMount } from "nanostores";
import type { ClientResult } from "./fetch-json.js";
import { createRefetchScheduler } from "./refetch-scheduler.js";
import { answeredState, type SessionState, type SessionStore } from "./session-store.js";

/** A settled state that says nobody is signed in: what a plugin store shows then. */
const signedOut = <T>(refetch: () => Promise<void>): SessionState<T> => ({
  data: null,
  error: null,
  isPending: false,
  isRefetching: false,
  refetch,
});

/**
 * A plugin store (the active organization, the organization list, the device sessions): the answer of
 * a GET route that needs a signed-in user. It follows the session store instead of fetching on its
 * own, so a signed-out page makes no request that can only answer 401:
 * - it waits until the session store has answered; with a user it fetches, without one it clears;
 * - it fetches again after every answer of the session store (sign-in, focus, another tab, calls that
 *   change the session) and clears on sign-out, dropping any answer still in flight for the old user;
 * - `refetch()` and `scheduleRefetch()` (calls that make it stale, other tabs of the app) go through
 *   the same gate: they wait for the session and clear instead of asking when there is no user.
 * Subscribing to it subscribes to the session store, which fetches the session if nobody had yet.
 */
export function createQueryStore<T>(
  fetchQuery: () => Promise<ClientResult<T | null>>,
  session: SessionStore<unknown>,
  channel: string,
): SessionStore<T> {
  // Each request takes a ticket; a clear or a newer request voids the older tickets, whose answers are
  // then dropped (an organization list fetched for the user who just signed out must not land).
  let ticket = 0;
  let inFlight: Promise<void> | null = null;
  // The session state last acted on: the mount check and the listener may both see the same answer.
  let followed: SessionState<unknown> | null = null;
  let current: SessionState<T>;
  const publish = (next: SessionState<T>) => {
    current = next;
    $query.set(next);
  };

  const fetchNow = (): Promise<void> => {
    const mine = ++ticket;
    const run = async () => {
      await Promise.resolve(); // inFlight is assigned before anything below can re-enter
      if (mine !== ticket) return;
      publish({ ...current, isRefetching: true });
      const result = await fetchQuery();
      if (mine !== ticket) return;
      publish(answeredState(result, refetch));
    };
    const request = run().finally(() => {
      if (inFlight === request) inFlight = null;
    });
    inFlight = request;
    return request;
  };

  const clear = () => {
    ticket++;
    inFlight = null;
    const { data, error, isPending, isRefetching } = current;
    if (data !== null || error !== null || isPending || isRefetching) publish(signedOut(refetch));
  };

  /** Acts on an answer of the session store; states still waiting for an answer are skipped. */
  const follow = (state: SessionState<unknown>) => {
    if (state === followed || state.isPending || state.isRefetching) return;
    followed = state;
    if (state.data) void fetchNow();
    else clear();
  };

  async function refetch(): Promise<void> {
    const state = await session.settled();
    if (!state.data) {
      clear();
      return;
    }
    return inFlight ?? fetchNow();
  }

  current = { data: null, error: null, isPending: true, isRefetching: false, refetch };
  const $query = atom<SessionState<T>>(current);

  let listening: BroadcastChannel | null = null;
  const scheduler = createRefetchScheduler(refetch, channel, () => listening);
  onMount($query, () => {
    // Listening mounts the session store (its first fetch, focus and other-tab refetches); this store
    // rides on those instead of listening to focus itself, so it never asks before the session answers.
    const stopFollowing = session.$session.listen(follow);
    void session.settled().then(follow);
    if (typeof BroadcastChannel !== "undefined") {
      listening = new BroadcastChannel(channel);
      listening.onmessage = () => void refetch();
    }
    return () => {
      stopFollowing();
      // Mounted again later, the store asks again even if the session has not changed meanwhile.
      followed = null;
      listening?.close();
      listening = null;
    };
  });

  return {
    $session: $query,
    refetch,
    async settled() {
      if (!inFlight && current.isPending) await refetch();
      while (inFlight) await inFlight;
      return current;
    },
    scheduleRefetch: scheduler.schedule,
    dispose() {
      listening?.close();
      listening = null;
      scheduler.cancel();
      ticket++; // an answer still in flight lands nowhere
      inFlight = null;
    },
  };
}
