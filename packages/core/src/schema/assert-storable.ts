import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import {
  LONG_STRING_MAX_LENGTH,
  MAX_INPUT_DEPTH,
  fitsCharacters,
  isStorableDate,
  maxLengthOf,
} from "./field-limits.js";
import type { FieldDef, Schema } from "./schema-types.js";

// Not a character (U+0000, an unpaired surrogate): PostgreSQL refuses both in text and jsonb.
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what this refuses.
const BAD_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const TEXT_BYTES = 65_535; // MySQL TEXT
const MEDIUMTEXT_BYTES = 16_777_215; // MySQL MEDIUMTEXT

/** UTF-8 bytes of `value` (well-formed: lone surrogates are refused before this runs). No Buffer: any runtime. */
function utf8Bytes(value: string): number {
  let bytes = 0;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      bytes += 4; // a surrogate pair: one 4-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function fitsString(value: string, field: FieldDef): boolean {
  if (BAD_CHARACTER.test(value)) return false;
  if (!field.long) return fitsCharacters(value, maxLengthOf(field));
  const bytes = maxLengthOf(field) <= LONG_STRING_MAX_LENGTH ? TEXT_BYTES : MEDIUMTEXT_BYTES;
  return value.length <= bytes / 3 || utf8Bytes(value) <= bytes;
}

/** Every string and key in `value` is made of characters, and it nests at most MAX_INPUT_DEPTH deep. */
function fitsJson(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node === "string") {
      if (BAD_CHARACTER.test(node)) return false;
    } else if (typeof node === "object" && node !== null) {
      if (depth >= MAX_INPUT_DEPTH) return false;
      for (const [key, child] of Object.entries(node)) {
        if (BAD_CHARACTER.test(key)) return false;
        stack.push([child, depth + 1]);
      }
    }
  }
  return true;
}

function fits(value: unknown, field: FieldDef): boolean {
  if (value === null || value === undefined) return true;
  switch (field.type) {
    case "string":
      return typeof value !== "string" || fitsString(value, field);
    case "number":
      return typeof value !== "number" || Number.isFinite(value); // MySQL has no NaN or Infinity
    case "date":
      return !(value instanceof Date) || isStorableDate(value);
    case "json":
      return fitsJson(value);
    default:
      return true;
  }
}

const cache = new WeakMap<Schema, (model: string, values: Record<string, unknown>) => void>();

/**
 * The last line before the adapter: a value its column cannot hold on some dialect (a string past the
 * column size, U+0000 or a lone surrogate, a date outside years 1000–9999, NaN) is a 400
 * VALIDATION_ERROR, on every adapter alike, instead of a database error (a 500) on one of them. Covers
 * what no request schema sees: provider profiles, ID token claims, plugin writes. Endpoint validation
 * stays the first line, with friendlier limits.
 */
export function storableCheck(schema: Schema): (model: string, values: Record<string, unknown>) => void {
  const cached = cache.get(schema);
  if (cached) return cached;
  const check = (model: string, values: Record<string, unknown>) => {
    const fields = schema[model]?.fields;
    if (!fields) return;
    for (const key of Object.keys(values)) {
      const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
      if (field && !fits(values[key], field)) {
        throw new AuthError(CORE_ERRORS.VALIDATION_ERROR, {
          details: { issues: [{ path: key, message: `Does not fit the ${model}.${key} column`, code: "too_big" }] },
        });
      }
    }
  };
  cache.set(schema, check);
  return check;
}
