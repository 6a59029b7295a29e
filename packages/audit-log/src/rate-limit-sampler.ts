/** How long one recorded refusal stands for its (route, client): later ones in the window are counted. */
export const RATE_LIMIT_WINDOW_MS = 60_000;

/**
 * The most (route, client) pairs tracked at once. It bounds the memory (one small entry each) and the
 * writes: every recorded refusal holds an entry for a whole window, so no window can see more than this
 * many `request.rate_limited` rows per process, however many clients a distributed flood uses.
 */
export const RATE_LIMIT_MAX_KEYS = 1000;

/** Decides which 429s become rows: the first per key per window; the rest are only counted. */
export interface RateLimitSampler {
  /**
   * Null when this refusal is not to be recorded (its key was recorded less than a window ago, or the
   * table is full of keys whose windows are open). Otherwise the number of refusals of this key that
   * were counted, not recorded, since its previous row.
   */
  admit(key: string, now: number): number | null;
}

/** A sampler whose memory never exceeds `maxKeys` entries. */
export function createRateLimitSampler(
  windowMs = RATE_LIMIT_WINDOW_MS,
  maxKeys = RATE_LIMIT_MAX_KEYS,
): RateLimitSampler {
  // Insertion order is window order: every admitted key is (re)inserted with the same window length, so
  // the first entries are the first to close and a sweep can stop at the first open one.
  const open = new Map<string, { until: number; repeated: number }>();
  return {
    admit(key, now) {
      const entry = open.get(key);
      if (entry && entry.until > now) {
        entry.repeated++;
        return null;
      }
      const repeated = entry?.repeated ?? 0;
      open.delete(key);
      if (open.size >= maxKeys) {
        // Closed windows are kept (for their counts) only while there is room.
        for (const [k, e] of open) {
          if (e.until > now) break;
          open.delete(k);
        }
        if (open.size >= maxKeys) return null;
      }
      open.set(key, { until: now + windowMs, repeated: 0 });
      return repeated;
    },
  };
}
