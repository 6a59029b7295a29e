import { AdapterError } from "@gatehouse/core";
import type { Where, WhereCondition } from "@gatehouse/core";
import { sql } from "kysely";
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

function condition(c: WhereCondition, info: ModelInfo, models: ModelMap, dialect: SqlDialect): Expression<SqlBool> {
  const type = models.field(info, c.field);
  const col = sql.ref(`${info.table}.${c.field}`);
  const op = c.operator ?? "eq";
  const enc = (v: unknown) => encodeValue(v, type, dialect);
  switch (op) {
    case "eq":
      return c.value === null ? sql<SqlBool>`${col} is null` : sql<SqlBool>`${col} = ${enc(c.value)}`;
    case "ne":
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
      if (op === "in" || op === "not_in") {
        if (!Array.isArray(w.value)) throw new AdapterError(`"${op}" on ${w.field} needs an array`);
        for (const v of w.value) params.push(encodeValue(v, type, dialect));
        return `${w.field}:${op}:${w.value.length}`;
      }
      if (op === "contains" || op === "starts_with" || op === "ends_with") params.push(likePattern(w.value, op));
      else params.push(encodeValue(w.value, type, dialect));
      return `${w.field}:${op}`;
    })
    .join(",");
}
