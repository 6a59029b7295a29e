import { tellOtherTabs } from "./tell-other-tabs.js";

/** How long a scheduled refetch waits (SPEC.md §4), so a burst of calls makes one request. */
export const REFETCH_DELAY_MS = 10;

export interface RefetchScheduler {
  schedule(): void;
  cancel(): void;
}

/**
 * One pending refetch at most: a burst of calls that change the session (sign-in then set-active)
 * makes one request. `listening` is the store's own channel, which must not hear its own message.
 */
export function createRefetchScheduler(
  refetch: () => Promise<void>,
  channel: string,
  listening: () => BroadcastChannel | null,
): RefetchScheduler {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    schedule() {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void refetch();
        // Other tabs of the same app pick the change up too.
        tellOtherTabs(channel, listening());
      }, REFETCH_DELAY_MS);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
