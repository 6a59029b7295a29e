import { findUnknownOptions, type OptionKeysOf, type SecondaryStorage } from "@gatehouse-auth/core";
import { Redis, type RedisOptions } from "ioredis";
import { createRestartGuard } from "./restart-guard.js";

/** Options of `redisStorage`. */
export interface RedisStorageOptions {
  /** `redis://[user:password@]host:port/db` (or `rediss://` for TLS). Ignored when `client` is given. */
  url?: string;
  /**
   * A client you configured yourself. Set `enableOfflineQueue: false` and a `commandTimeout` on it, or a
   * Redis outage makes requests wait instead of falling back to the database.
   */
  client?: Redis;
  /** Prepended to every key; everything under it is discarded when the server restarts. Default `gatehouse:`. */
  keyPrefix?: string;
  /** Milliseconds a command may take before it fails (and Gatehouse falls back). Default 500. */
  commandTimeout?: number;
  /** Milliseconds a connection attempt may take. Default 2000. */
  connectTimeout?: number;
  /** Where connection trouble is reported, once per outage. Default `console`. */
  logger?: { error(message: string, ...details: unknown[]): void };
}

/** Gatehouse's secondary storage on Redis, plus the client and a way to close it. */
export interface RedisStorage extends SecondaryStorage {
  readonly client: Redis;
  /** Closes the connection when `redisStorage` opened it; leaves a client you passed alone. */
  close(): Promise<void>;
  /** Resolves once the connection is up and checked (tests, readiness probes). */
  ready(): Promise<void>;
  /** One PING, bounded by `commandTimeout`: what GET /ready reports as `secondaryStorage`. */
  ping(): Promise<void>;
}

// INCR and the expiry in one step: a crash between them can never leave a counter that never expires.
const INCREMENT = `local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return n`;

/**
 * `secondaryStorage` for `createAuth` on Redis: session lookups, revocation markers and rate-limit
 * counters shared by every instance. Commands fail fast (no offline queue, a command timeout) so an
 * outage makes Gatehouse fall back rather than hang; see docs/redis.md for what falls back to what.
 */
const OPTION_KEYS = {
  url: true,
  client: true,
  keyPrefix: true,
  commandTimeout: true,
  connectTimeout: true,
  logger: true,
} as const satisfies OptionKeysOf<RedisStorageOptions>;

export function redisStorage(options: RedisStorageOptions = {}): RedisStorage {
  // `keyprefix` or `timeout` would be ignored in silence; a JavaScript app has no type checker to say so.
  const unknown = findUnknownOptions(options, OPTION_KEYS, "redisStorage()");
  if (unknown.length > 0) {
    throw new Error(`@gatehouse-auth/redis: unknown option${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}`);
  }
  const prefix = options.keyPrefix ?? "gatehouse:";
  // The restart sweep deletes everything under the prefix: without one it would empty the whole database.
  if (!prefix) throw new Error("@gatehouse-auth/redis: keyPrefix must not be empty");
  const owned = !options.client;
  const client =
    options.client ??
    new Redis(options.url ?? "redis://127.0.0.1:6379", {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeout ?? 500,
      connectTimeout: options.connectTimeout ?? 2000,
      // Keep trying to come back, never more than 2 s apart.
      retryStrategy: (times) => Math.min(times * 100, 2000),
    } satisfies RedisOptions);
  const guard = createRestartGuard(client, prefix, options.logger ?? console);
  const k = (key: string) => prefix + key;
  // A client of your own without a command timeout gets ours, so a hung server cannot hang a request.
  const timeout = client.options.commandTimeout ? 0 : (options.commandTimeout ?? 500);
  const bounded = <T>(command: Promise<T>): Promise<T> => {
    if (!timeout) return command;
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("@gatehouse-auth/redis: command timed out")), timeout);
    });
    return Promise.race([command, expired]).finally(() => clearTimeout(timer));
  };
  async function run<T>(command: () => Promise<T>): Promise<T> {
    guard.assertReady();
    try {
      return await bounded(command());
    } catch (err) {
      guard.suspect(err);
      throw err;
    }
  }

  return {
    client,
    ready: guard.ready,
    get: (key) => run(() => client.get(k(key))),
    async set(key, value, ttl) {
      if (ttl && ttl > 0) await run(() => client.set(k(key), value, "EX", Math.ceil(ttl)));
      else await run(() => client.set(k(key), value));
    },
    async delete(key) {
      await run(() => client.del(k(key)));
    },
    increment: async (key, ttl) =>
      Number(await run(() => client.eval(INCREMENT, 1, k(key), Math.max(1, Math.ceil(ttl))))),
    setIfAbsent: async (key, value, ttl) =>
      (await run(() => client.set(k(key), value, "EX", Math.max(1, Math.ceil(ttl)), "NX"))) === "OK",
    async ping() {
      // Bounded like every command: a hung Redis fails the check, never hangs it (and is checked again).
      await run(() => client.ping());
    },
    async close() {
      guard.stop();
      if (owned) await client.quit().catch(() => client.disconnect());
    },
  };
}
