import type { Adapter } from "../adapter/adapter-types.js";
import { UniqueConstraintError } from "../adapter/adapter-errors.js";
import type { RateLimitStore } from "./rate-limit-types.js";
import { retryAfter } from "./retry-after.js";

interface RateLimitRow {
  id: string;
  key: string;
  count: number;
  /** Start of the current window, ms since the epoch. */
  lastRequest: number;
}

const MODEL = "rateLimit";
const MAX_ATTEMPTS = 5;

/**
 * Counters in the `rateLimit` table, shared by every instance on the same database. Each step is a
 * conditional write (compare-and-set on the window start and count), so concurrent requests can
 * neither both take the last slot nor lose an increment; a lost race just re-reads and tries again.
 */
export function createDatabaseRateLimitStore(getAdapter: () => Adapter, newId: () => string): RateLimitStore {
  return {
    async hit(key, rule, now) {
      const adapter = getAdapter();
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const row = await adapter.findOne<RateLimitRow>({ model: MODEL, where: [{ field: "key", value: key }] });
        if (!row) {
          try {
            await adapter.create({ model: MODEL, data: { id: newId(), key, count: 1, lastRequest: now } });
            return { limited: false };
          } catch (err) {
            if (err instanceof UniqueConstraintError) continue; // another request created it first
            throw err;
          }
        }
        if (now - row.lastRequest >= rule.window * 1000) {
          const reset = await adapter.updateMany({
            model: MODEL,
            where: [
              { field: "key", value: key },
              { field: "lastRequest", value: row.lastRequest },
            ],
            update: { count: 1, lastRequest: now },
          });
          if (reset === 1) return { limited: false };
          continue;
        }
        if (row.count >= rule.max) return { limited: true, retryAfter: retryAfter(row.lastRequest, rule, now) };
        const counted = await adapter.updateMany({
          model: MODEL,
          where: [
            { field: "key", value: key },
            { field: "lastRequest", value: row.lastRequest },
            { field: "count", operator: "lt", value: rule.max },
          ],
          update: {},
          increment: { count: 1 },
        });
        if (counted === 1) return { limited: false };
      }
      // Heavy contention on one key is itself a sign of a flood: refuse rather than spin.
      return { limited: true, retryAfter: 1 };
    },
  };
}
