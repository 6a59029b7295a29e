import type { Where, WhereCondition } from "./adapter-types.js";
import { AdapterError } from "./adapter-errors.js";

type RowLike = Record<string, unknown>;

function comparable(v: unknown): unknown {
  return v instanceof Date ? v.getTime() : v;
}

function asString(v: unknown): string | null {
  return typeof v === "string" ? v.toLowerCase() : null;
}

function matchCondition(row: RowLike, c: WhereCondition): boolean {
  const actual = comparable(row[c.field] ?? null);
  const expected = comparable(c.value);
  const op = c.operator ?? "eq";
  if (op === "in" || op === "not_in") {
    if (!Array.isArray(c.value)) throw new AdapterError(`"${op}" on ${c.field} needs an array`);
    if (actual === null) return false;
    const hit = c.value.some((v) => comparable(v) === actual);
    return op === "in" ? hit : !hit;
  }
  if (op === "eq") return expected === null ? actual === null : actual === expected;
  if (op === "ne") return expected === null ? actual !== null : actual !== null && actual !== expected;
  // SQL semantics: comparing with NULL is never true.
  if (actual === null || expected === null) return false;
  switch (op) {
    case "lt":
      return (actual as number) < (expected as number);
    case "lte":
      return (actual as number) <= (expected as number);
    case "gt":
      return (actual as number) > (expected as number);
    case "gte":
      return (actual as number) >= (expected as number);
    case "contains":
    case "starts_with":
    case "ends_with": {
      const a = asString(actual);
      const e = asString(expected);
      if (a === null || e === null) return false;
      if (op === "contains") return a.includes(e);
      return op === "starts_with" ? a.startsWith(e) : a.endsWith(e);
    }
    default:
      throw new AdapterError(`Unknown operator "${String(op)}"`);
  }
}

/** True when `row` satisfies every clause; the in-memory twin of the SQL WHERE the kysely adapter builds. */
export function matchesWhere(row: RowLike, where: readonly Where[] | undefined): boolean {
  if (!where) return true;
  return where.every((w) => {
    if ("or" in w) return w.or.some((inner) => matchesWhere(row, [inner]));
    if ("and" in w) return matchesWhere(row, w.and);
    return matchCondition(row, w);
  });
}

/** Every field a where clause names, for validation against the schema. */
export function whereFields(where: readonly Where[] | undefined, out: string[] = []): string[] {
  for (const w of where ?? []) {
    if ("or" in w) whereFields(w.or, out);
    else if ("and" in w) whereFields(w.and, out);
    else out.push(w.field);
  }
  return out;
}
