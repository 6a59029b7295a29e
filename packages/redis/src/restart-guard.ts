import type { Redis } from "ioredis";

/** Gate in front of every storage call: closed until the server behind the connection is checked. */
export interface RestartGuard {
  /** Throws while the connection is down or not yet checked, so Gatehouse falls back at once. */
  assertReady(): void;
  ready(): Promise<void>;
  /**
   * A command failed: unless the server itself answered (a ReplyError), treat the server as gone
   * until it is checked again. A hung server (SIGSTOP, a stalled network) keeps its connection
   * "ready", so without this every request would wait the full command timeout, and the server
   * would be trusted again without the check once it wakes.
   */
  suspect(err: unknown): void;
  stop(): void;
}

// Redis glob metacharacters, escaped so a prefix matches only itself.
const escapeGlob = (s: string) => s.replace(/[*?[\]\\]/g, "\\$&");

/**
 * A Redis server that restarts may load an older snapshot (RDB/AOF): session entries cached before a
 * revocation come back and the revocation markers written since are gone. So on every (re)connection
 * the server's `run_id` is compared with the one recorded under the prefix; when they differ (a restart,
 * a failover, a server that never saw us), everything under the prefix is discarded before the storage
 * answers again. Instances agree without coordination: the run id is recorded only after the sweep.
 */
export function createRestartGuard(
  client: Redis,
  prefix: string,
  logger: { error(message: string, ...details: unknown[]): void },
): RestartGuard {
  const runIdKey = `${prefix}redis-run-id`;
  let checked = false;
  let stopped = false;
  let reported = false;
  let checking = false;
  let waiters: (() => void)[] = [];

  async function sweepIfRestarted() {
    // Some managed services refuse INFO: then restarts cannot be told apart (docs/redis.md).
    const info = await client
      .info("server")
      .catch((err: Error) => (err.name === "ReplyError" ? "" : Promise.reject(err)));
    const runId = /run_id:(\w+)/.exec(info)?.[1] ?? "unknown";
    if ((await client.get(runIdKey)) === runId) return;
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${escapeGlob(prefix)}*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await client.unlink(...keys);
    } while (cursor !== "0");
    await client.set(runIdKey, runId);
  }

  async function check() {
    // One loop at a time: a reconnection and a timed-out command may both ask for a check.
    if (checking) return;
    checking = true;
    try {
      while (!stopped && client.status === "ready" && !checked) {
        try {
          await sweepIfRestarted();
          checked = true;
          reported = false;
          for (const resolve of waiters) resolve();
          waiters = [];
        } catch (err) {
          report(err);
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    } finally {
      checking = false;
    }
  }

  function report(err: unknown) {
    if (reported) return;
    reported = true;
    logger.error("@gatehouse-auth/redis: Redis unreachable; falling back until it is back", err);
  }

  client.on("ready", () => {
    checked = false;
    void check();
  });
  client.on("close", () => {
    checked = false;
  });
  // Without a listener ioredis prints every failed reconnection attempt; one line per outage is enough.
  client.on("error", report);
  if (client.status === "ready") void check();

  return {
    assertReady() {
      if (!checked || client.status !== "ready") throw new Error("@gatehouse-auth/redis: Redis is not available");
    },
    ready: () => (checked ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
    suspect(err) {
      if (err instanceof Error && err.name === "ReplyError") return;
      checked = false;
      report(err);
      void check();
    },
    stop() {
      stopped = true;
    },
  };
}
