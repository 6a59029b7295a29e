import type { Db, Row, SortBy, Where } from "@gatehouse-auth/core";

/**
 * One OFFSET page of users in two reads. The first selects only the sort column and the id for the
 * page, so the rows it skips are skipped in the `(column, id)` index: PostgreSQL reads them there
 * (an index-only scan) instead of fetching each skipped row from the table, which for a column
 * unrelated to insertion order (a name) means a table page per skipped row at a deep offset. The
 * second reads the page's own rows by id. Two statements for every offset page, whatever its depth.
 * A row deleted between the reads is left out of the page (it no longer exists); no row is added.
 */
export async function readOffsetPage(
  db: Db,
  spec: { where: Where[]; sortBy: SortBy; limit: number; offset: number },
): Promise<Row[]> {
  const { where, sortBy, limit, offset } = spec;
  const keys = await db.findMany<Row>({
    model: "user",
    where,
    sortBy,
    limit,
    offset,
    select: sortBy.field === "id" ? ["id"] : ["id", sortBy.field],
  });
  if (keys.length === 0) return [];
  const ids = keys.map((k) => String(k.id));
  const rows = await db.findMany<Row>({ model: "user", where: [{ field: "id", operator: "in", value: ids }] });
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
