import type { FieldType } from "@gatehouse-auth/core";
import { AdapterError } from "@gatehouse-auth/core";
import type { SqlDialect } from "./dialect.js";
import { fromMysqlDatetime, toMysqlDatetime } from "./mysql-datetime.js";

/** JS value → the value the driver stores for this field type. */
export function encodeValue(value: unknown, type: FieldType, dialect: SqlDialect): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case "date": {
      const date = value instanceof Date ? value : new Date(value as string | number);
      if (Number.isNaN(date.getTime())) throw new AdapterError(`Invalid date: ${String(value)}`);
      // SQLite has no date type: milliseconds keep order and precision and compare as numbers.
      if (dialect === "sqlite") return date.getTime();
      return dialect === "mysql" ? toMysqlDatetime(date) : date;
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
      if (value instanceof Date) return value;
      if (typeof value === "string") {
        // MySQL dates are selected as UTC text; a digit string is a SQLite/bigint millisecond count.
        if (/^\d+$/.test(value)) return new Date(Number(value));
        return fromMysqlDatetime(value) ?? new Date(value);
      }
      return new Date(value as number);
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
