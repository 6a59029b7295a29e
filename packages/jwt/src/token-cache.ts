/** A signed token and when it expires (ms since the epoch). */
export interface CachedToken {
  token: string;
  expiresAt: number;
}

/**
 * A bounded map of signed tokens: get-session runs on every page load, and signing on each would cost
 * an asymmetric signature per call. Least recently used entries go first once `size` is reached.
 */
export function createTokenCache(size: number) {
  const entries = new Map<string, CachedToken>();
  return {
    get(key: string): CachedToken | undefined {
      const hit = entries.get(key);
      if (hit) {
        // Re-inserting moves it to the end: Map iteration order is insertion order.
        entries.delete(key);
        entries.set(key, hit);
      }
      return hit;
    },
    set(key: string, value: CachedToken): void {
      if (size === 0) return;
      entries.delete(key);
      entries.set(key, value);
      while (entries.size > size) entries.delete(entries.keys().next().value as string);
    },
    get size() {
      return entries.size;
    },
  };
}
