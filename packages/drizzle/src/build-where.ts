import { AdapterError } from "@gatehouse-auth/core";
import type { Where, WhereCondition } from "@gatehouse-auth/core";
import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, not, notInArray, or, sql } from "drizzle-orm";
import type { Placeholder, SQL } from "drizzle-orm";
import type { DrizzleProvider } from "./provider.js";
import type { FieldColumn, ModelTable, TableMap } from "./table-map.js";
import { toColumn } from "./value-codec.js";

/**
 * Builds a statement to be prepared once per shape: each value becomes the next placeholder (p0, p1, …,
 * in the order `whereShape` lists the values), so the SQL can be reused for other values.
 */
export interface Placeholders {
  next(): Placeholder;
}

const TRUE = sql`1 = 1`;
const FALSE = sql`1 = 0`;

// "!" rather than backslash: one escape character that needs no quoting in any of the three dialects.
function likePattern(value: unknown, operator: "contains" | "starts_with" | "ends_with"): string {
  const escaped = String(value).replace(/[!%_]/g, (c) => `!${c}`);
  if (operator === "contains") return `%${escaped}%`;
  return operator === "starts_with" ? `${escaped}%` : `%${escaped}`;
}

/**
 * MySQL/MariaDB PAD SPACE collations find `'abc'` for `'abc '`: an equality on a string that ends in a
 * space also compares lengths there, which makes it exact (so `organizationId=<id>%20` finds nothing).
 */
function padGuarded(provider: DrizzleProvider, type: string, value: unknown): value is string {
  return provider === "mysql" && type === "string" && typeof value === "string" && value.endsWith(" ");
}

function condition(
  c: WhereCondition,
  info: ModelTable,
  tables: TableMap,
  provider: DrizzleProvider,
  slots?: Placeholders,
): SQL {
  const field = tables.field(info, c.field);
  const col = field.column;
  const op = c.operator ?? "eq";
  // A value, or its placeholder (Drizzle binds a placeholder as is: whereShape encodes its value).
  const enc = (v: unknown) => (slots ? slots.next() : toColumn(v, field));
  const exact = (v: string) => {
    const value = slots ? slots.next() : v;
    return sql`(${col} = ${value} and char_length(${col}) = char_length(${value}))`;
  };
  switch (op) {
    case "eq":
      if (c.value === null) return isNull(col);
      return padGuarded(provider, field.type, c.value) ? exact(c.value) : eq(col, enc(c.value));
    case "ne":
      if (c.value === null) return isNotNull(col);
      return padGuarded(provider, field.type, c.value) ? not(exact(c.value)) : ne(col, enc(c.value));
    case "lt":
      return lt(col, enc(c.value));
    case "lte":
      return lte(col, enc(c.value));
    case "gt":
      return gt(col, enc(c.value));
    case "gte":
      return gte(col, enc(c.value));
    case "in":
    case "not_in": {
      if (!Array.isArray(c.value)) throw new AdapterError(`"${op}" on ${c.field} needs an array`);
      if (c.value.length === 0) return op === "in" ? FALSE : isNotNull(col);
      if (c.value.some((v) => padGuarded(provider, field.type, v))) {
        const any = or(
          ...c.value.map((v) => (padGuarded(provider, field.type, v) ? exact(v) : eq(col, enc(v)))),
        ) as SQL;
        return op === "in" ? any : sql`(${col} is not null and not ${any})`;
      }
      const values = c.value.map(enc);
      return op === "in" ? inArray(col, values) : notInArray(col, values);
    }
    case "contains":
    case "starts_with":
    case "ends_with":
      return sql`lower(${col}) like lower(${slots ? slots.next() : likePattern(c.value, op)}) escape '!'`;
    default:
      throw new AdapterError(`Unknown operator "${String(op)}"`);
  }
}

/** A Where list (AND-ed, with nested OR/AND groups) as one Drizzle condition. */
export function buildWhere(
  where: readonly Where[] | undefined,
  info: ModelTable,
  tables: TableMap,
  provider: DrizzleProvider,
  slots?: Placeholders,
): SQL {
  if (!where || where.length === 0) return TRUE;
  const parts = where.map((w): SQL => {
    if ("or" in w) {
      if (w.or.length === 0) return FALSE;
      return or(...w.or.map((inner) => buildWhere([inner], info, tables, provider, slots))) as SQL;
    }
    if ("and" in w) return buildWhere(w.and, info, tables, provider, slots);
    return condition(w, info, tables, provider, slots);
  });
  return parts.length === 1 ? (parts[0] as SQL) : (and(...parts) as SQL);
}

/** The value as the driver receives it (Drizzle's column mapping applied, as for a bound value). */
function driverValue(v: unknown, field: FieldColumn): unknown {
  const value = toColumn(v, field);
  return value === null ? null : field.column.mapToDriverValue(value);
}

/**
 * The shape of a where list (everything that changes the SQL `buildWhere` makes with placeholders) and
 * its values in placeholder order, driver-encoded. Mirrors `condition` value for value.
 */
export function whereShape(
  where: readonly Where[] | undefined,
  info: ModelTable,
  tables: TableMap,
  provider: DrizzleProvider,
  params: unknown[],
): string {
  if (!where || where.length === 0) return "";
  let key = "";
  for (const w of where) {
    if ("or" in w) {
      key += "or(";
      for (const inner of w.or) key += `${whereShape([inner], info, tables, provider, params)}|`;
      key += "),";
      continue;
    }
    if ("and" in w) {
      key += `and(${whereShape(w.and, info, tables, provider, params)}),`;
      continue;
    }
    const field = tables.field(info, w.field);
    const op = w.operator ?? "eq";
    if (op === "eq" || op === "ne") {
      if (w.value === null) key += `${w.field}:${op}:null,`;
      else if (padGuarded(provider, field.type, w.value)) {
        params.push(w.value);
        key += `${w.field}:${op}:pad,`;
      } else {
        params.push(driverValue(w.value, field));
        key += `${w.field}:${op},`;
      }
    } else if (op === "in" || op === "not_in") {
      if (!Array.isArray(w.value)) throw new AdapterError(`"${op}" on ${w.field} needs an array`);
      const pads = w.value.map((v) => padGuarded(provider, field.type, v));
      for (const [i, v] of w.value.entries()) params.push(pads[i] ? v : driverValue(v, field));
      key += `${w.field}:${op}:${w.value.length}${pads.some(Boolean) ? `:${pads.map((p) => (p ? 1 : 0)).join("")}` : ""},`;
    } else if (op === "contains" || op === "starts_with" || op === "ends_with") {
      params.push(likePattern(w.value, op));
      key += `${w.field}:${op},`;
    } else if (op === "lt" || op === "lte" || op === "gt" || op === "gte") {
      params.push(driverValue(w.value, field));
      key += `${w.field}:${op},`;
    } else throw new AdapterError(`Unknown operator "${String(op)}"`);
  }
  return key;
}
