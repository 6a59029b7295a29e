import type { Logger } from "../options/auth-options.js";

/** Shortest accepted interval: a cleanup run every second would be the database's main load. */
export const MIN_CLEANUP_INTERVAL_SECONDS = 10;

/**
 * Runs `run` every `intervalSeconds`, never two at once (a slow run makes the next tick skip), on an
 * unref'd timer so it never keeps the process alive. A failed run is logged and the timer goes on.
 * Returns the function that stops it.
 */
export function startCleanupTimer(intervalSeconds: number, run: () => Promise<unknown>, logger: Logger): () => void {
  if (!Number.isFinite(intervalSeconds) || intervalSeconds < MIN_CLEANUP_INTERVAL_SECONDS)
    throw new Error(
      `Gatehouse: cleanup.interval must be a number of seconds, at least ${MIN_CLEANUP_INTERVAL_SECONDS}`,
    );
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    run()
      .catch((error: unknown) =>
        logger.error("Gatehouse: the cleanup job failed; it runs again at the next interval", error),
      )
      .finally(() => {
        running = false;
      });
  }, intervalSeconds * 1000);
  timer.unref?.();
  return () => clearInterval(timer);
}
