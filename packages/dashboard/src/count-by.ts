import type { Db } from "@gatehouse-auth/core";

/** Rows read to tally in one query; past it, one indexed count per id instead. */
export const COUNT_ROW_BUDGET = 10_000;

/**
 * How many `model` rows have `field` equal to each of `ids` (member counts of a page of organizations):
 * one query reading only `field` of at most COUNT_ROW_BUDGET rows, or — when the page holds more — one
 * count per id (at most a page's worth, run together). Never one query per id for small data, never an
 * unbounded read for large.
 */
export async function countBy(
  db: Db,
  model: string,
  field: string,
  ids: readonly string[],
  budget = COUNT_ROW_BUDGET,
): Promise<Map<string, number>> {
  const counts = new Map(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  const rows = await db.findMany<Record<string, unknown>>({
    model,
    where: [{ field, operator: "in", value: [...ids] }],
    select: [field],
    limit: budget + 1,
  });
  if (rows.length <= budget) {
    for (const row of rows) {
      const key = String(row[field]);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }
  await Promise.all(ids.map(async (id) => counts.set(id, await db.count({ model, where: [{ field, value: id }] }))));
  return counts;
}
