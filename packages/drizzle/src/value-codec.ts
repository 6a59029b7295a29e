import { AdapterError } from "@gatehouse-auth/core";
import type { FieldColumn } from "./table-map.js";

// Values cross Drizzle in the column's own JS type (its `dataType`), so Drizzle's column mapping does
// the driver encoding: a Date for `timestamp`/`timestamp_ms`/`datetime` columns, a boolean for
// `boolean`/`integer({ mode: "boolean" })`, a parsed value for `json`/`jsonb`/`text({ mode: "json" })`.
// An app whose columns hold a field in another JS type (a date as ISO text or epoch number, a flag as
// an integer, JSON as plain text) is converted here, both ways.

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `YYYY-MM-DD HH:MM:SS.mmm` in UTC: what MySQL's DATETIME text holds (ISO's "T" and "Z" are not accepted there). */
function mysqlDatetime(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}`
  );
}

const DATETIME = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)(?:\.(\d{1,6}))?$/;

function parseDate(text: string): Date {
  // A digit string is an epoch count (bigint columns); zone-less text is UTC, as it was written.
  if (/^\d+$/.test(text)) return new Date(Number(text));
  const m = DATETIME.exec(text);
  if (!m) return new Date(text);
  const [, y, mo, d, h, mi, s, frac = "0"] = m;
  const ms = Number(frac.padEnd(3, "0").slice(0, 3));
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms));
}

/** A Gatehouse JS value → the value the Drizzle column takes (null stays null). */
export function toColumn(value: unknown, field: FieldColumn): unknown {
  if (value === null || value === undefined) return null;
  const { type, dataType } = field;
  switch (type) {
    case "date": {
      const date = value instanceof Date ? value : new Date(value as string | number);
      if (Number.isNaN(date.getTime())) throw new AdapterError(`Invalid date: ${String(value)}`);
      if (dataType === "date") return date;
      if (dataType === "number") return date.getTime();
      if (dataType === "bigint") return BigInt(date.getTime());
      return field.column.columnType.startsWith("MySql") ? mysqlDatetime(date) : date.toISOString();
    }
    case "boolean":
      if (dataType === "number") return value ? 1 : 0;
      if (dataType === "string") return value ? "true" : "false";
      return Boolean(value);
    case "json":
      // Strings too: a JSON string value is stored as JSON text, not as the bare string.
      return dataType === "json" ? value : JSON.stringify(value);
    case "number": {
      const n = typeof value === "number" ? value : Number(value);
      if (dataType === "bigint") return BigInt(n);
      return dataType === "string" ? String(n) : n;
    }
    default:
      return value;
  }
}

/** A value Drizzle read from the column → the Gatehouse JS value. */
export function fromColumn(value: unknown, field: FieldColumn): unknown {
  if (value === null || value === undefined) return null;
  switch (field.type) {
    case "date":
      if (value instanceof Date) return value;
      if (typeof value === "string") return parseDate(value);
      return new Date(Number(value));
    case "boolean":
      return value === true || value === 1 || value === "1" || value === "true" || value === 1n;
    case "json":
      return field.dataType === "json" || typeof value !== "string" ? value : JSON.parse(value);
    case "number":
      return typeof value === "number" ? value : Number(value);
    default:
      return typeof value === "string" ? value : String(value);
  }
}
