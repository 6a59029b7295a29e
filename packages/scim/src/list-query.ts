import type { SortBy, Where } from "@gatehouse-auth/core";
import { SCIM_ERRORS, ScimError } from "./scim-errors.js";
import { type FilterColumns, parseScimFilter } from "./scim-filter.js";
import type { ResolvedScimOptions } from "./scim-options.js";

/** RFC 7644 §3.4.2 ListResponse URN. */
export const LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

/** A list request's page, order and filter, ready for the adapter. */
export interface ListQuery {
  where: Where[];
  sortBy: SortBy;
  /** 1-based (RFC 7644 §3.4.2.4). */
  startIndex: number;
  count: number;
}

const badValue = (detail: string) => new ScimError(SCIM_ERRORS.INVALID_VALUE, "invalidValue", detail);

function readInt(raw: string | undefined, name: string): number | null {
  if (raw === undefined || raw === "") return null;
  if (!/^-?\d{1,9}$/.test(raw)) throw badValue(`${name} must be an integer`);
  return Number(raw);
}

/**
 * Reads `filter`, `sortBy`, `sortOrder`, `startIndex` and `count` (RFC 7644 §3.4.2). startIndex below 1
 * counts as 1 and a negative count as 0 (§3.4.2.4); count is clamped to `maxResults`; a startIndex
 * deeper than `maxStartIndex` is 400 tooMany (offset paging cost grows with it).
 */
export async function readListQuery(
  query: Record<string, string>,
  organizationId: string,
  columns: FilterColumns,
  sortColumns: Readonly<Record<string, string>>,
  o: ResolvedScimOptions,
): Promise<ListQuery> {
  const where: Where[] = [{ field: "organizationId", value: organizationId }];
  if (query.filter !== undefined && query.filter.trim() !== "")
    where.push(...(await parseScimFilter(query.filter, columns)));
  let sortField = "createdAt";
  if (query.sortBy !== undefined && query.sortBy !== "") {
    const key = query.sortBy.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, "");
    const field = Object.hasOwn(sortColumns, key) ? sortColumns[key] : undefined;
    if (!field) throw badValue(`Sorting by "${query.sortBy.slice(0, 100)}" is not supported`);
    sortField = field;
  }
  const order = (query.sortOrder ?? "ascending").toLowerCase();
  if (order !== "ascending" && order !== "descending") throw badValue('sortOrder must be "ascending" or "descending"');
  const startIndex = Math.max(1, readInt(query.startIndex, "startIndex") ?? 1);
  if (startIndex > o.maxStartIndex)
    throw new ScimError(
      SCIM_ERRORS.TOO_MANY,
      "tooMany",
      `startIndex may be at most ${o.maxStartIndex}; narrow the filter`,
    );
  const count = Math.min(o.maxResults, Math.max(0, readInt(query.count, "count") ?? o.maxResults));
  return { where, sortBy: { field: sortField, direction: order === "descending" ? "desc" : "asc" }, startIndex, count };
}

/** The ListResponse body (RFC 7644 §3.4.2). */
export function listResponse(resources: readonly unknown[], total: number, startIndex: number) {
  return {
    schemas: [LIST_SCHEMA],
    totalResults: total,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}
