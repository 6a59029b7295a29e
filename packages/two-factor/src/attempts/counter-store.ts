/**
 * The few atomic operations the per-account code limit needs, so one algorithm runs on the database and
 * on secondary storage alike. Values are strings; `ttl` is in seconds; an expired key reads as absent.
 */
export interface CounterStore {
  get(key: string): Promise<string | null>;
  /** Adds 1 and returns the new value; a new (or expired) key starts at 1 and lives `ttl` seconds. */
  increment(key: string, ttl: number): Promise<number>;
  /** Writes `value` only if `key` is absent; true when this call wrote it (of racing callers, exactly one). */
  setIfAbsent(key: string, value: string, ttl: number): Promise<boolean>;
  set(key: string, value: string, ttl: number): Promise<void>;
  delete(key: string): Promise<void>;
}
