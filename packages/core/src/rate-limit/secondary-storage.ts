/**
 * A shared key-value store with expiry (Redis, Valkey, Upstash…), so several app instances share
 * rate-limit counters and session lookups. `increment` is optional but recommended: without it counting
 * is get-then-set, which can under-count a burst spread across instances. Session lookups are cached
 * only when `setIfAbsent` exists (see docs/redis.md). A method that cannot reach the store must reject
 * promptly (never hang): Gatehouse then falls back to the database or to per-instance counters.
 */
export interface SecondaryStorage {
  get(key: string): Promise<string | null>;
  /** `ttl` in seconds; absent means no expiry. */
  set(key: string, value: string, ttl?: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Atomically adds 1 and returns the new value, setting `ttl` seconds when the key is new (INCR + EXPIRE). */
  increment?(key: string, ttl: number): Promise<number>;
  /**
   * Sets `key` only when it does not exist (SET NX EX) and says whether it did. Filling the session
   * cache with it means a lookup that read the database just before a revocation cannot overwrite the
   * revocation's marker, so a revoked session never comes back from the cache.
   */
  setIfAbsent?(key: string, value: string, ttl: number): Promise<boolean>;
  /**
   * One cheap round trip (Redis PING) for the readiness check (GET /ready): resolves when the store
   * answers, rejects promptly when it does not. Without it the check reads a key no feature uses.
   */
  ping?(): Promise<void>;
}
