import type { Join, SortBy, Where } from "../adapter/adapter-types.js";
import type { Db } from "../db/create-db.js";
import type { Row } from "../schema/schema-types.js";
import { type CursorBinding, type CursorValue, decodePageCursor, encodePageCursor } from "./page-cursor.js";

/** One keyset page of a listing: what `findPage` reads. */
export interface PageSpec {
  /** Names the listing and its scope (`members:<organizationId>`); a cursor is valid only under the same. */
  listing: string;
  model: string;
  /** The listing's own filter (its owner, organization…); the cursor's position is added to it. */
  where: Where[];
  join?: Join[];
  select?: string[];
  /** A column that is never null (createdAt, id…): keyset comparisons skip nulls. Ties break on the id. */
  sortBy: SortBy;
  /** Rows per page, already clamped to the listing's maximum (`clampPageLimit`). */
  limit: number;
  /** The previous page's `nextCursor`. */
  cursor?: string | undefined;
}

/** A page of rows and the cursor of the next one (null on the last page). */
export interface Page<T> {
  rows: T[];
  nextCursor: string | null;
}

/**
 * `(sortField, id)` strictly after (or, descending, before) the position: a range on the listing's index.
 * The OR alone is the exact condition, but SQLite plans it as two index reads merged and sorted (every
 * row up to the position, so a deep page costs its depth) and PostgreSQL may do the same with a bitmap
 * OR; the redundant bound `sortField <= value` (descending; `>=` ascending) in front lets each database
 * seek to the position in the sort column's index and read only the page from there.
 */
function afterPosition(sortBy: SortBy, value: CursorValue, id: string): Where {
  const past = sortBy.direction === "desc" ? "lt" : "gt";
  if (sortBy.field === "id") return { field: "id", operator: past, value: id };
  return {
    and: [
      { field: sortBy.field, operator: sortBy.direction === "desc" ? "lte" : "gte", value },
      {
        or: [
          { field: sortBy.field, operator: past, value },
          {
            and: [
              { field: sortBy.field, value },
              { field: "id", operator: past, value: id },
            ],
          },
        ],
      },
    ],
  };
}

/**
 * Reads one page in `(sortBy, id)` order with a single query of `limit + 1` rows (the extra row only says
 * whether a next page exists), starting after the cursor's position. Never an OFFSET, never a count: the
 * cost of page 1,000 is the cost of page 1. Rows inserted between two pages show up only if they sort
 * after the position already reached, and no row is ever returned twice or skipped.
 */
export async function findPage<T = Row>(auth: { db: Db; secret: string }, spec: PageSpec): Promise<Page<T>> {
  const binding: CursorBinding = {
    listing: spec.listing,
    sortField: spec.sortBy.field,
    direction: spec.sortBy.direction,
  };
  const where = [...spec.where];
  if (spec.cursor !== undefined) {
    const at = decodePageCursor(auth.secret, binding, spec.cursor);
    where.push(afterPosition(spec.sortBy, at.value, at.id));
  }
  const rows = await auth.db.findMany<T>({
    model: spec.model,
    where,
    sortBy: spec.sortBy,
    limit: spec.limit + 1,
    ...(spec.join ? { join: spec.join } : {}),
    ...(spec.select ? { select: spec.select } : {}),
  });
  if (rows.length <= spec.limit) return { rows, nextCursor: null };
  rows.length = spec.limit;
  const last = rows[spec.limit - 1] as unknown as Row;
  const nextCursor = encodePageCursor(auth.secret, binding, {
    value: (last[spec.sortBy.field] ?? null) as CursorValue,
    id: String(last.id),
  });
  return { rows, nextCursor };
}
