/** A signed token and when it expires (ms since the epoch). */
export interface CachedToken {
  token: string;
  expiresAt: number;
}

/** A cache entry: its own key is kept so a move to the end re-inserts that string, not the caller's. */
interface Entry {
  key: string;
  value: CachedToken;
}

/**
 * A bounded map of signed tokens: get-session runs on every page load, and signing on each would cost
 * an asymmetric signature per call. Least recently used entries go first once `size` is reached.
 *
 * A hit on the most recent entry (the same session asking again, as a polling page does) changes
 * nothing: moving it would be a delete and a set on a long-lived Map, and on a Map of one entry the
 * delete shrinks its table — a new hash table in the old generation, freed only by a full collection,
 * per get-session (~150 B each in a sampling heap profile; issue 19). A move re-inserts the entry's own
 * key, not the caller's string built for this request, so the long-lived Map holds no young string.
 */
export function createTokenCache(size: number) {
  const entries = new Map<string, Entry>();
  // The entry last inserted or moved: the Map's last one, which a move would leave where it is.
  let newest: Entry | undefined;
  return {
    get(key: string): CachedToken | undefined {
      const hit = entries.get(key);
      if (hit && hit !== newest) {
        // Re-inserting moves it to the end: Map iteration order is insertion order.
        entries.delete(hit.key);
        entries.set(hit.key, hit);
        newest = hit;
      }
      return hit?.value;
    },
    set(key: string, value: CachedToken): void {
      if (size === 0) return;
      const entry = { key, value };
      entries.delete(key);
      entries.set(key, entry);
      newest = entry;
      while (entries.size > size) entries.delete(entries.keys().next().value as string);
    },
    get size() {
      return entries.size;
    },
  };
}
