// Test helper (not exported): the shared Redis under a private key prefix per run, and private
// redis-server processes the tests may stop and restart (never the shared one).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";

/** The shared server, on a database index of its own; a run's keys also carry a private prefix. */
export const REDIS_URL = process.env.GATEHOUSE_TEST_REDIS_URL ?? "redis://127.0.0.1:6379/11";

// On CI the server must be there: a skip would hide a broken storage behind a green run.
export function unreachable(reason: string): { skip: string } {
  if (process.env.CI) throw new Error(`${reason} — CI requires it (.ci/run starts it)`);
  return { skip: reason };
}

/** A unique key prefix on the shared Redis, removed again by `cleanup`; `{ skip }` when unreachable. */
export async function openTestRedis(): Promise<
  { url: string; prefix: string; cleanup(): Promise<void> } | { skip: string }
> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => {});
  try {
    await probe.connect();
    await probe.ping();
  } catch (err) {
    probe.disconnect();
    return unreachable(`Redis unreachable at ${REDIS_URL} (${(err as Error).message})`);
  }
  const prefix = `gh_test_${randomBytes(5).toString("hex")}:`;
  return {
    url: REDIS_URL,
    prefix,
    async cleanup() {
      let cursor = "0";
      do {
        const [next, keys] = await probe.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
        cursor = next;
        if (keys.length > 0) await probe.del(...keys);
      } while (cursor !== "0");
      await probe.quit();
    },
  };
}

/** A private redis-server on `port` with a snapshot directory, that tests may stop and start again. */
export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  /** SHUTDOWN NOSAVE: the next start loads the last snapshot taken with SAVE, as after a crash. */
  stop(): Promise<void>;
  /** SIGKILL, as a crashed or OOM-killed server. */
  kill(): Promise<void>;
  /** SIGSTOP: the server keeps its connections open and answers nothing (a hung host, a stalled network). */
  pause(): void;
  /** SIGCONT: the hung server answers again, with everything it held. */
  resume(): void;
  destroy(): Promise<void>;
}

/** A port nobody listens on right now (the kernel picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export function privateRedis(port: number): PrivateRedis | { skip: string } {
  if (spawnSync("redis-server", ["--version"]).status !== 0) return unreachable("redis-server is not installed");
  const dir = mkdtempSync(join(tmpdir(), "gh-redis-"));
  let proc: ChildProcess | null = null;
  const url = `redis://127.0.0.1:${port}`;
  const waitFor = async (up: boolean) => {
    for (let i = 0; i < 100; i++) {
      const c = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      c.on("error", () => {});
      const ok = await c
        .connect()
        .then(() => c.ping())
        .then(() => true)
        .catch(() => false);
      c.disconnect();
      if (ok === up) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server on ${port} did not come ${up ? "up" : "down"}`);
  };
  return {
    url,
    async start() {
      proc = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"],
        { stdio: "ignore" },
      );
      await waitFor(true);
    },
    async stop() {
      const c = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
      c.on("error", () => {});
      await c.call("SHUTDOWN", "NOSAVE").catch(() => {});
      c.disconnect();
      await waitFor(false);
      proc = null;
    },
    async kill() {
      const exited = proc ? new Promise((r) => proc?.once("exit", r)) : Promise.resolve();
      proc?.kill("SIGKILL");
      await exited;
      proc = null;
    },
    pause() {
      proc?.kill("SIGSTOP");
    },
    resume() {
      proc?.kill("SIGCONT");
    },
    async destroy() {
      proc?.kill("SIGCONT");
      if (proc) proc.kill();
      proc = null;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
