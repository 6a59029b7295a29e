import type { FieldType, Row } from "@gatehouse-auth/core";
import { decodeValue } from "./column-codec.js";
import type { SqlDialect } from "./dialect.js";

/** One property of a decoded row: its name, the result column it is read from and its field type. */
export interface DecodedField {
  name: string;
  column: string;
  type: FieldType;
  /** Not read from the row: the value at this index of the decoder's `pinned` argument instead. */
  pinned?: number;
}

/** A joined row attached as `as`: null when its id column is null (no target), else its fields. */
export interface DecodedJoin {
  as: string;
  idColumn: string;
  fields: DecodedField[];
}

/** Turns one driver row (keyed by column alias) into the adapter's row. */
export type RowDecoder = (raw: Record<string, unknown>, pinned?: readonly unknown[]) => Row;

/** Turns one driver row fetched as an array (in result column order) into the adapter's row. */
export type ArrayRowDecoder = (raw: readonly unknown[], pinned?: readonly unknown[]) => Row;

/**
 * `decodeValue` for one field type, answering the common case before the type switch: on a list of
 * an organization's members the generic path cost more than fetching the rows.
 */
export function valueDecoder(type: FieldType, dialect: SqlDialect): (value: unknown) => unknown {
  switch (type) {
    case "date":
      return (v) => (typeof v === "number" ? new Date(v) : decodeValue(v, type, dialect));
    case "number":
      return (v) => (typeof v === "number" ? v : decodeValue(v, type, dialect));
    case "string":
      return (v) => (typeof v === "string" ? v : decodeValue(v, type, dialect));
    default:
      return (v) => decodeValue(v, type, dialect);
  }
}

/**
 * Compiles a decoder for one select shape: a single object literal per row (one hidden class, no
 * per-field lookups), the same keys in the same order, and the same values as decoding field by field.
 * Built once per shape and cached with its SQL.
 */
export function compileRowDecoder(fields: DecodedField[], joins: DecodedJoin[], dialect: SqlDialect): RowDecoder {
  return compile(fields, joins, dialect, (column) => JSON.stringify(column)) as RowDecoder;
}

/**
 * The same decoder for rows fetched as arrays, whose result columns are `columns` in that order; null
 * when a column it needs is not among them.
 */
export function compileArrayRowDecoder(
  fields: DecodedField[],
  joins: DecodedJoin[],
  dialect: SqlDialect,
  columns: readonly string[],
): ArrayRowDecoder | null {
  const index = new Map(columns.map((c, i) => [c, i]));
  const needed = [
    ...fields.filter((f) => f.pinned === undefined).map((f) => f.column),
    ...joins.flatMap((j) => [j.idColumn, ...j.fields.map((f) => f.column)]),
  ];
  if (!needed.every((c) => index.has(c))) return null;
  return compile(fields, joins, dialect, (column) => String(index.get(column))) as ArrayRowDecoder;
}

/** `access(column)` is the expression inside `r[…]` that reads a column. */
function compile(
  fields: DecodedField[],
  joins: DecodedJoin[],
  dialect: SqlDialect,
  access: (column: string) => string,
): (raw: never) => Row {
  const decoders: ((value: unknown) => unknown)[] = [];
  const read = (f: DecodedField) => {
    decoders.push(valueDecoder(f.type, dialect));
    const source = f.pinned === undefined ? `r[${access(f.column)}]` : `k[${f.pinned}]`;
    return `${key(f.name)}: d[${decoders.length - 1}](${source})`;
  };
  const parts = fields.map(read);
  for (const j of joins)
    parts.push(`${key(j.as)}: r[${access(j.idColumn)}] == null ? null : { ${j.fields.map(read).join(", ")} }`);
  const make = new Function("d", `return (r, k) => ({ ${parts.join(", ")} });`) as (
    d: ((value: unknown) => unknown)[],
  ) => (raw: never) => Row;
  return make(decoders);
}

// A plain `"__proto__": x` in a literal sets the prototype; the computed form defines a property.
function key(name: string): string {
  return name === "__proto__" ? `["__proto__"]` : JSON.stringify(name);
}
