/**
 * A shared key-value store with expiry (Redis, Valkey, Upstash…), so several app instances share
 * rate-limit counters. `increment` is optional but recommended: without it counting is get-then-set,
 * which can under-count a burst spread across instances.
 */
export interface SecondaryStorage {
  get(key: string): Promise<string | null>;
  /** `ttl` in seconds; absent means no expiry. */
  set(key: string, value: string, ttl?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Atomically adds 1 and returns the new value, setting `ttl` seconds when the key is new (INCR + EXPIRE). */
  increment?(key: string, ttl: number): Promise<number>;
}
