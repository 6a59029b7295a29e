import type { Logger } from "../options/auth-options.js";

/** Work an endpoint starts after its answer: emails, decoy tokens, revocations at a provider. */
export interface BackgroundTasks {
  /**
   * Starts `work` without the caller awaiting it (a microtask later: work that must not begin before the
   * answer is written waits on a timer itself) and tracks it until it settles. A failure is logged with
   * `what`, never thrown: the client has its answer, and it must not depend on the work.
   */
  run(what: string, work: () => Promise<void> | void): void;
  /**
   * Tracks work already started (a plugin listener's promise) so `settled()` waits for it too. The caller
   * handles its failure; a rejection here is only waited on, never thrown again.
   */
  track(work: Promise<unknown>): void;
  /** Resolves once every task started so far, and any they started, has settled. */
  settled(): Promise<void>;
}

/**
 * `handler` is the host's keep-alive hook (Vercel's or Cloudflare's `waitUntil`): a serverless runtime
 * may freeze the process once the response is sent, so each task's promise is handed to it.
 */
export function createBackgroundTasks(logger: Logger, handler?: (task: Promise<void>) => void): BackgroundTasks {
  const pending = new Set<Promise<void>>();
  return {
    run(what, work) {
      const task: Promise<void> = Promise.resolve()
        .then(work)
        .catch((error: unknown) => logger.error(`Gatehouse: ${what} failed in the background`, error))
        .finally(() => pending.delete(task));
      pending.add(task);
      handler?.(task);
    },
    track(work) {
      const task: Promise<void> = work.then(
        () => undefined,
        () => undefined,
      );
      const tracked = task.finally(() => pending.delete(tracked));
      pending.add(tracked);
      handler?.(tracked);
    },
    async settled() {
      // A task may start another (a lookup, then its mail): wait until none is left.
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
