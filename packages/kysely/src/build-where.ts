import { AdapterError } from "@gatehouse-auth/core";
import type { Where, WhereCondition } from "@gatehouse-auth/core";
import { sql } from "./kysely-runtime.js";
import type { Expression, SqlBool } from "kysely";
import { encodeValue } from "./column-codec.js";
import type { SqlDialect } from "./dialect.js";
import type { ModelInfo, ModelMap } from "./model-map.js";

const TRUE = sql<SqlBool>`1 = 1`;
const FALSE = sql<SqlBool>`1 = 0`;

// "!" rather than backslash: one escape character that needs no quoting in any of the three dialects.
function likePattern(value: unknown, operator: "contains" | "starts_with" | "ends_with"): string {
  const escaped = String(value).replace(/[!%_]/g, (c) => `!${c}`);
  if (operator === "contains") return `%${escaped}%`;
  return operator === "starts_with" ? `${escaped}%` : `%${escaped}`;
}

/**
 * MySQL/MariaDB tables created before NO PAD collations (or with a server lacking one) compare with PAD
 * SPACE: `'abc ' = 'abc'` is true, so `organizationId=<id>%20` would find the organization. An equality on
 * a string that ends in a space therefore also compares lengths, which makes it exact. Other values
 * compile as before (and keep their cached statements).
 */
function needsPadGuard(value: unknown, type: string | undefined, dialect: SqlDialect): value is string {
  return dialect === "mysql" && type === "string" && typeof value === "string" && value.endsWith(" ");
}

function padGuardedEq(col: Expression<unknown>, v: unknown): Expression<SqlBool> {
  return sql<SqlBool>`(${col} = ${v} and char_length(${col}) = char_length(${v}))`;
}

function condition(c: WhereCondition, info: ModelInfo, models: ModelMap, dialect: SqlDialect): Expression<SqlBool> {
  const type = models.field(info, c.field);
  const col = sql.ref(`${info.table}.${c.field}`);
  const op = c.operator ?? "eq";
  const enc = (v: unknown) => encodeValue(v, type, dialect);
  const guarded = (v: unknown) => needsPadGuard(v, type, dialect);
  if ((op === "in" || op === "not_in") && Array.isArray(c.value) && c.value.some(guarded)) {
    const eqs = c.value.map((v) => (guarded(v) ? padGuardedEq(col, enc(v)) : sql<SqlBool>`${col} = ${enc(v)}`));
    const any = sql<SqlBool>`(${sql.join(eqs, sql` or `)})`;
    return op === "in" ? any : sql<SqlBool>`(${col} is not null and not ${any})`;
  }
  switch (op) {
    case "eq":
      if (guarded(c.value)) return padGuardedEq(col, enc(c.value));
      return c.value === null ? sql<SqlBool>`${col} is null` : sql<SqlBool>`${col} = ${enc(c.value)}`;
    case "ne":
      if (guarded(c.value)) return sql<SqlBool>`not ${padGuardedEq(col, enc(c.value))}`;
      return c.value === null ? sql<SqlBool>`${col} is not null` : sql<SqlBool>`${col} <> ${enc(c.value)}`;
    case "lt":
      return sql<SqlBool>`${col} < ${enc(c.value)}`;
    case "lte":
      return sql<SqlBool>`${col} <= ${enc(c.value)}`;
    case "gt":
      return sql<SqlBool>`${col} > ${enc(c.value)}`;
    case "gte":
      return sql<SqlBool>`${col} >= ${enc(c.value)}`;
    case "in":
    case "not_in": {
      if (!Array.isArray(c.value)) throw new AdapterError(`"${op}" on ${c.field} needs an array`);
      if (c.value.length === 0) return op === "in" ? FALSE : sql<SqlBool>`${col} is not null`;
      const list = sql.join(c.value.map(enc));
      return op === "in" ? sql<SqlBool>`${col} in (${list})` : sql<SqlBool>`${col} not in (${list})`;
    }
    case "contains":
    case "starts_with":
    case "ends_with":
      return sql<SqlBool>`lower(${col}) like lower(${likePattern(c.value, op)}) escape '!'`;
    default:
      throw new AdapterError(`Unknown operator "${String(op)}"`);
  }
}

/** Compiles a Where list (AND-ed, with nested OR/AND groups) to one SQL boolean expression. */
export function buildWhere(
  where: readonly Where[] | undefined,
  info: ModelInfo,
  models: ModelMap,
  dialect: SqlDialect,
): Expression<SqlBool> {
  if (!where || where.length === 0) return TRUE;
  const parts = where.map((w): Expression<SqlBool> => {
    if ("or" in w) {
      if (w.or.length === 0) return FALSE;
      return sql<SqlBool>`(${sql.join(
        w.or.map((inner) => buildWhere([inner], info, models, dialect)),
        sql` or `,
      )})`;
    }
    if ("and" in w) return buildWhere(w.and, info, models, dialect);
    return condition(w, info, models, dialect);
  });
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/**
 * The shape of a where list (everything that changes its SQL text) and its parameters in the order
 * buildWhere emits them. Lets the adapter reuse compiled SQL for repeated query shapes.
 */
export function whereShape(
  where: readonly Where[] | undefined,
  info: ModelInfo,
  models: ModelMap,
  dialect: SqlDialect,
  params: unknown[],
): string {
  if (!where || where.length === 0) return "";
  return where
    .map((w): string => {
      if ("or" in w) return `or(${w.or.map((inner) => whereShape([inner], info, models, dialect, params)).join("|")})`;
      if ("and" in w) return `and(${whereShape(w.and, info, models, dialect, params)})`;
      const type = models.field(info, w.field);
      const op = w.operator ?? "eq";
      if ((op === "eq" || op === "ne") && w.value === null) return `${w.field}:${op}:null`;
      // Mirrors condition(): a pad-guarded value is bound twice and changes the SQL text.
      if ((op === "eq" || op === "ne") && needsPadGuard(w.value, type, dialect)) {
        const v = encodeValue(w.value, type, dialect);
        params.push(v, v);
        return `${w.field}:${op}:pad`;
      }
      if (op === "in" || op === "not_in") {
        if (!Array.isArray(w.value)) throw new AdapterError(`"${op}" on ${w.field} needs an array`);
        const pads = w.value.map((v) => needsPadGuard(v, type, dialect));
        for (const [i, v] of w.value.entries()) {
          const encoded = encodeValue(v, type, dialect);
          params.push(encoded);
          if (pads[i]) params.push(encoded);
        }
        if (pads.some(Boolean)) return `${w.field}:${op}:pad:${pads.map((p) => (p ? 1 : 0)).join("")}`;
        return `${w.field}:${op}:${w.value.length}`;
      }
      if (op === "contains" || op === "starts_with" || op === "ends_with") params.push(likePattern(w.value, op));
      else params.push(encodeValue(w.value, type, dialect));
      return `${w.field}:${op}`;
    })
    .join(",");
}
