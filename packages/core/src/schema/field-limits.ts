import type { FieldDef } from "./schema-types.js";

/** Characters a plain string column holds: MySQL/MariaDB create it as VARCHAR(255). */
export const DEFAULT_STRING_MAX_LENGTH = 255;

/**
 * Characters a `long` string column holds. MySQL/MariaDB TEXT holds 65,535 bytes and utf8mb4 spends up
 * to 4 bytes a character, so 16,383 characters always fit, whatever the characters are.
 */
export const LONG_STRING_MAX_LENGTH = 16_383;

/** Characters of serialized JSON a `json` field accepts (metadata): far below every dialect's limit. */
export const JSON_MAX_LENGTH = 65_536;

/** How deep arrays and objects may nest in any input (a JSON field, a body): deeper is never data. */
export const MAX_INPUT_DEPTH = 32;

/**
 * The most characters (Unicode code points, as MySQL/MariaDB count them) a string field's column holds
 * on every dialect. Validation, migrations and the OpenAPI document all read it from here.
 */
export function maxLengthOf(field: Pick<FieldDef, "maxLength" | "long">): number {
  return field.maxLength ?? (field.long ? LONG_STRING_MAX_LENGTH : DEFAULT_STRING_MAX_LENGTH);
}

/** Code points in `value`, stopping early once past `limit` (long inputs cost no more than the limit). */
export function countCharacters(value: string, limit = Number.POSITIVE_INFINITY): number {
  let count = 0;
  for (let i = 0; i < value.length && count <= limit; i++, count++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < value.length) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
  }
  return count;
}

/** Whether `value` fits in `max` characters; a length in UTF-16 units decides most cases outright. */
export function fitsCharacters(value: string, max: number): boolean {
  if (value.length <= max) return true;
  if (value.length > max * 2) return false;
  return countCharacters(value, max) <= max;
}

/**
 * The oldest and latest instants every dialect's date column holds: MySQL/MariaDB DATETIME covers
 * years 1000 to 9999 (PostgreSQL and SQLite hold more). Input dates outside are refused.
 */
export const MIN_DATE_MS = Date.UTC(1000, 0, 1);
/** See MIN_DATE_MS. */
export const MAX_DATE_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** Whether `date` is a valid Date inside the range every dialect stores. */
export function isStorableDate(date: Date): boolean {
  const ms = date.getTime();
  return !Number.isNaN(ms) && ms >= MIN_DATE_MS && ms <= MAX_DATE_MS;
}
