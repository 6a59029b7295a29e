import { AuthError, CORE_ERRORS, clampPageLimit } from "@gatehouse-auth/core";
import type { FieldType, Schema, SortBy, Where, WhereOperator } from "@gatehouse-auth/core";

/** list-users' search, filter, sort and paging, as the query string gives them. */
export interface UserListParams {
  searchValue?: string;
  searchField?: "email" | "name";
  searchOperator?: "contains" | "starts_with" | "ends_with";
  filterField?: string;
  filterValue?: string | number | boolean;
  filterOperator?: "eq" | "ne" | "lt" | "lte" | "gt" | "gte" | "contains";
  sortBy?: string;
  sortDirection?: "asc" | "desc";
  limit?: number;
  offset?: number;
  cursor?: string;
}

/** What the adapter gets: the same `where` for the page and for the total. */
export interface UserListQuery {
  where: Where[];
  sortBy: SortBy;
  limit: number;
  offset: number;
  /** Whether the sort column can carry a cursor: never null (keyset comparisons skip nulls). */
  keyset: boolean;
}

/** list-users' page sizes: 100 without `limit`; a larger `limit` than 1,000 is clamped to 1,000. */
export const USER_LIST_LIMITS = { default: 100, max: 1000 } as const;

/**
 * The deepest `offset` accepted: an OFFSET reads and drops every row before it, so deep pages go by
 * `cursor` (constant cost) instead. Past it, a 400 that says so.
 */
export const MAX_USER_LIST_OFFSET = 10_000;

// The composed schema is built once per auth instance; so is its field list.
const cache = new WeakMap<Schema, ReadonlyMap<string, FieldType>>();
// Per field list: the fields that may hold null (no cursor on those).
const nullable = new WeakMap<ReadonlyMap<string, FieldType>, ReadonlySet<string>>();

const ORDERED: ReadonlySet<string> = new Set(["lt", "lte", "gt", "gte"]);

const invalid = (path: string, message: string) =>
  new AuthError(CORE_ERRORS.VALIDATION_ERROR, {
    message: "Invalid query parameters",
    details: { issues: [{ path, message, code: "invalid_value" }] },
  });

/**
 * The user columns a caller may filter and sort on: `id` and every returned field of the composed user
 * model (so hidden columns cannot be probed), JSON excluded. An unknown name is a 400, never a database error.
 */
export function listableUserFields(schema: Schema): ReadonlyMap<string, FieldType> {
  const known = cache.get(schema);
  if (known) return known;
  const fields = new Map<string, FieldType>([["id", "string"]]);
  const optional = new Set<string>();
  for (const [name, def] of Object.entries(schema.user?.fields ?? {})) {
    if (def.returned !== false && def.type !== "json") fields.set(name, def.type);
    if (def.required === false) optional.add(name);
  }
  cache.set(schema, fields);
  nullable.set(fields, optional);
  return fields;
}

function coerce(type: FieldType, value: string | number | boolean | undefined): unknown {
  if (value === undefined) return null;
  switch (type) {
    case "boolean":
      if (value === true || value === "true") return true;
      if (value === false || value === "false") return false;
      throw invalid("filterValue", "filterValue must be true or false");
    case "number": {
      const n = Number(value);
      if (value === "" || !Number.isFinite(n)) throw invalid("filterValue", "filterValue must be a number");
      return n;
    }
    case "date": {
      const d = new Date(typeof value === "boolean" ? Number.NaN : value);
      if (Number.isNaN(d.getTime())) throw invalid("filterValue", "filterValue must be a date");
      return d;
    }
    default:
      return String(value);
  }
}

/** Turns list-users parameters into one where clause, a sort and a page, checking every field name. */
export function buildUserListQuery(fields: ReadonlyMap<string, FieldType>, params: UserListParams): UserListQuery {
  const where: Where[] = [];
  if (params.searchValue !== undefined && params.searchValue !== "") {
    where.push({
      field: params.searchField ?? "email",
      operator: params.searchOperator ?? "contains",
      value: params.searchValue,
    });
  }
  if (params.filterField !== undefined) {
    const type = fields.get(params.filterField);
    if (!type) throw invalid("filterField", `Unknown filterField ${params.filterField}`);
    const operator: WhereOperator = params.filterOperator ?? "eq";
    const value = coerce(type, params.filterValue);
    if (value === null && operator !== "eq" && operator !== "ne")
      throw invalid("filterValue", `filterValue is required with ${operator}`);
    if (operator === "contains" && type !== "string") throw invalid("filterOperator", "contains needs a text field");
    if (ORDERED.has(operator) && type === "boolean")
      throw invalid("filterOperator", `${operator} needs an ordered field`);
    where.push({ field: params.filterField, operator, value });
  }
  const sortField = params.sortBy ?? "createdAt";
  if (!fields.has(sortField)) throw invalid("sortBy", `Unknown sortBy ${sortField}`);
  const offset = params.offset ?? 0;
  if (offset > MAX_USER_LIST_OFFSET)
    throw invalid("offset", `offset is at most ${MAX_USER_LIST_OFFSET}; page deeper with cursor (nextCursor)`);
  if (offset > 0 && params.cursor !== undefined) throw invalid("offset", "offset and cursor cannot be combined");
  const keyset = sortField === "id" || (nullable.get(fields) ?? new Set()).has(sortField) === false;
  if (params.cursor !== undefined && !keyset)
    throw invalid("cursor", `sortBy ${sortField} can be empty, so it pages by offset, not cursor`);
  return {
    where,
    sortBy: { field: sortField, direction: params.sortDirection ?? "asc" },
    limit: clampPageLimit(params.limit, USER_LIST_LIMITS),
    offset,
    keyset,
  };
}
