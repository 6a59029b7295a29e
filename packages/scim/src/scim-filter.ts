import type { Where } from "@gatehouse-auth/core";
import type { Filter } from "scim2-parse-filter";
import { SCIM_ERRORS, ScimError } from "./scim-errors.js";

/** How one SCIM attribute is stored: its column, and whether values compare in lower case. */
export interface FilterColumn {
  field: string;
  /** caseExact false (RFC 7643 §2.2) and stored lower-cased: values compare lower-cased. */
  lowerCase?: boolean;
  /**
   * The original column of a lower-cased key added after rows existed: a row whose key is still null (not
   * written since) is compared on it, exactly, and `pr` reads it.
   */
  original?: string;
  type?: "string" | "boolean" | "date";
}

/** Lower-case SCIM attribute path → column. */
export type FilterColumns = Readonly<Record<string, FilterColumn>>;

// The filter's size and nesting are bounded before parsing: the parser recurses per parenthesis.
const MAX_FILTER_LENGTH = 1000;
const MAX_DEPTH = 8;

let parser: Promise<typeof import("scim2-parse-filter")> | null = null;
/** The parser, loaded on the first filtered request (one cached import). */
function loadParser() {
  parser ??= import("scim2-parse-filter");
  return parser;
}

const invalid = (detail: string) => new ScimError(SCIM_ERRORS.INVALID_FILTER, "invalidFilter", detail);

/** Parses `filter` (RFC 7644 §3.4.2.2) into the adapter's where clauses over `columns`; 400 invalidFilter otherwise. */
export async function parseScimFilter(filter: string, columns: FilterColumns): Promise<Where[]> {
  if (filter.length > MAX_FILTER_LENGTH) throw invalid(`A filter may be at most ${MAX_FILTER_LENGTH} characters`);
  let depth = 0;
  for (const c of filter) {
    if (c === "(" || c === "[") depth++;
    if (depth > MAX_DEPTH) throw invalid(`A filter may nest at most ${MAX_DEPTH} levels`);
    if (c === ")" || c === "]") depth--;
  }
  const { parse } = await loadParser();
  let ast: Filter;
  try {
    ast = parse(filter);
  } catch {
    throw invalid("The filter could not be parsed");
  }
  return [toWhere(ast, columns, "", false)];
}

/** One AST node as a where clause; `negated` pushes a `not` down (De Morgan), as SQL has no generic NOT here. */
function toWhere(node: Filter, columns: FilterColumns, prefix: string, negated: boolean): Where {
  switch (node.op) {
    case "and":
    case "or": {
      const parts = node.filters.map((f) => toWhere(f, columns, prefix, negated));
      // not (a and b) = not a or not b
      const conjunction = (node.op === "and") !== negated;
      return conjunction ? { and: parts } : { or: parts };
    }
    case "not":
      return toWhere(node.filter, columns, prefix, !negated);
    case "[]":
      // emails[type eq "work"]: the sub-filter's attributes are the multi-valued attribute's sub-attributes.
      return toWhere(node.valFilter, columns, `${prefix}${node.attrPath}.`, negated);
    case "pr": {
      const column = columnOf(columns, prefix + node.attrPath);
      return { field: column.original ?? column.field, operator: negated ? "eq" : "ne", value: null };
    }
    default:
      return compare(node.op, prefix + node.attrPath, node.compValue, columns, negated);
  }
}

const NEGATION = { eq: "ne", ne: "eq", gt: "le", ge: "lt", lt: "ge", le: "gt" } as const;
const OPERATORS = {
  eq: "eq",
  ne: "ne",
  gt: "gt",
  ge: "gte",
  lt: "lt",
  le: "lte",
  co: "contains",
  sw: "starts_with",
  ew: "ends_with",
} as const;

function compare(
  op: keyof typeof OPERATORS,
  path: string,
  raw: boolean | null | number | string,
  columns: FilterColumns,
  negated: boolean,
): Where {
  const column = columnOf(columns, path);
  let effective: keyof typeof OPERATORS = op;
  if (negated) {
    if (!(op in NEGATION)) throw invalid(`"not" over "${op}" is not supported`);
    effective = NEGATION[op as keyof typeof NEGATION];
  }
  const clause: Where = { field: column.field, operator: OPERATORS[effective], value: valueFor(column, raw) };
  if (!column.original || raw === null || typeof raw !== "string") return clause;
  // A row written before the key existed: its original, compared as the databases did before.
  const legacy: Where = {
    and: [
      { field: column.field, operator: "eq", value: null },
      { field: column.original, operator: OPERATORS[effective], value: raw },
    ],
  };
  return { or: [clause, legacy] };
}

function columnOf(columns: FilterColumns, path: string): FilterColumn {
  // Attribute names are case-insensitive (RFC 7643 §2.1); the core schema URN prefix may be spelled out.
  const key = path.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, "");
  const column = Object.hasOwn(columns, key) ? columns[key] : undefined;
  if (!column) throw invalid(`Filtering on "${path}" is not supported`);
  return column;
}

function valueFor(column: FilterColumn, raw: boolean | null | number | string): unknown {
  if (raw === null) return null;
  if (column.type === "boolean") {
    if (typeof raw === "boolean") return raw;
    throw invalid("A boolean attribute compares with true or false");
  }
  if (column.type === "date") {
    const date = typeof raw === "string" ? new Date(raw) : null;
    if (!date || Number.isNaN(date.getTime())) throw invalid("A dateTime attribute compares with an xsd:dateTime");
    return date;
  }
  if (typeof raw !== "string") throw invalid("A string attribute compares with a string");
  if (raw.length > 256) throw invalid("A filter value may be at most 256 characters");
  // Substring operators match case-insensitively in every adapter; eq/ne need the stored lower case.
  return column.lowerCase ? raw.toLowerCase() : raw;
}
