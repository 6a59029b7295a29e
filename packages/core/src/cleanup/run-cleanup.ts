import type { Adapter } from "../adapter/adapter-types.js";
import type { CleanupResult, CleanupRule } from "./cleanup-rule.js";

/** Rows per statement: small enough that no statement holds locks for long, large enough to be cheap. */
export const CLEANUP_BATCH_SIZE = 1000;

/**
 * Deletes what every rule names, one batch at a time: the ids of the oldest `batchSize` expired rows
 * (read on the rule's index), then a delete of those ids that re-checks the cutoff. Several runners at
 * once are safe: a row is deleted by one of them (the others' delete finds it gone and counts 0), and
 * each batch makes progress for somebody, so every run ends. Counts are per model. A rule with
 * `onDeleted` has each id of the batch deleted on its own, so the run knows (and reports) exactly the
 * rows it took and not those a concurrent run did.
 */
export async function runCleanup(
  adapter: Adapter,
  rules: readonly CleanupRule[],
  now: number,
  batchSize: number = CLEANUP_BATCH_SIZE,
): Promise<CleanupResult> {
  const deleted: Record<string, number> = {};
  for (const rule of rules) {
    let count = deleted[rule.model] ?? 0;
    const cutoff = rule.before(now);
    const expired = { field: rule.field, operator: "lt" as const, value: cutoff };
    for (;;) {
      const batch = await adapter.findMany<{ id: string } & Record<string, unknown>>({
        model: rule.model,
        where: [expired],
        select: ["id", ...(rule.onDeleted?.select ?? [])],
        sortBy: { field: rule.field, direction: "asc" },
        limit: batchSize,
      });
      if (batch.length === 0) break;
      if (rule.onDeleted) {
        // One delete per id: its count (0 or 1) says whether this run, not a concurrent one, took the row.
        const mine: Record<string, unknown>[] = [];
        for (const row of batch) {
          const n = await adapter.deleteMany({ model: rule.model, where: [{ field: "id", value: row.id }, expired] });
          if (n > 0) mine.push(row);
        }
        count += mine.length;
        if (mine.length > 0) await rule.onDeleted.notify(mine);
      } else {
        count += await adapter.deleteMany({
          model: rule.model,
          where: [{ field: "id", operator: "in", value: batch.map((r) => r.id) }, expired],
        });
      }
      if (batch.length < batchSize) break;
    }
    deleted[rule.model] = count;
  }
  return { deleted };
}
