import type { FieldType } from "@gatehouse/core";
import type { SqlDialect } from "./dialect.js";

/** JS value → the value the driver stores for this field type. */
export function encodeValue(value: unknown, type: FieldType, dialect: SqlDialect): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case "date": {
      const date = value instanceof Date ? value : new Date(value as string | number);
      // SQLite has no date type: milliseconds keep order and precision and compare as numbers.
      return dialect === "sqlite" ? date.getTime() : date;
    }
    case "boolean":
      return dialect === "postgres" ? Boolean(value) : value ? 1 : 0;
    case "json":
      // Always a string: pg would otherwise send a JS array as a PostgreSQL array, not JSON.
      return JSON.stringify(value);
    case "number":
      return typeof value === "number" ? value : Number(value);
    default:
      return value;
  }
}

/** Driver value → the JS value for this field type. */
export function decodeValue(value: unknown, type: FieldType, dialect: SqlDialect): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case "date":
      return value instanceof Date
        ? value
        : new Date(typeof value === "string" && /^\d+$/.test(value) ? Number(value) : (value as number));
    case "boolean":
      return value === true || value === 1 || value === "1" || value === "true";
    case "json":
      // jsonb always arrives parsed from pg (a JSON string value arrives as a JS string); text columns elsewhere.
      if (dialect === "postgres") return value;
      return typeof value === "string" ? JSON.parse(value) : value;
    case "number":
      // pg returns bigint/numeric as strings; mysql2 may too for DECIMAL.
      return typeof value === "number" ? value : Number(value);
    default:
      return typeof value === "string" ? value : String(value);
  }
}
