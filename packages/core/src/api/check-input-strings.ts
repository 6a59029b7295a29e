import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { LONG_STRING_MAX_LENGTH, MAX_INPUT_DEPTH, fitsCharacters } from "../schema/field-limits.js";
import { REDIRECT_URL_FIELDS } from "./check-callback-urls.js";

/** Characters a redirect target (callbackURL and friends) may have; it is stored with OAuth state. */
export const URL_MAX_LENGTH = 2048;

// U+0000 (PostgreSQL text and jsonb refuse it) or a UTF-16 surrogate without its partner (not a
// character: PostgreSQL refuses it, MySQL would store U+FFFD, SQLite garbage). Refused on every dialect
// so all behave the same.
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is exactly what this refuses.
const BAD_CHARACTER = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function refuse(where: "body" | "query", path: string, message: string): never {
  throw new AuthError(CORE_ERRORS.VALIDATION_ERROR, {
    message: where === "body" ? "Invalid body parameters" : "Invalid query parameters",
    details: { issues: [{ path, message, code: "invalid_string" }] },
  });
}

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== "object" || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Refuses, for every endpoint at once (so no future endpoint can forget it), input that no column can
 * store: any string or key holding U+0000 or a lone surrogate, any string longer than the longest text
 * column holds, a redirect target longer than URL_MAX_LENGTH, and nesting deeper than MAX_INPUT_DEPTH
 * (also for in-process `auth.api` calls, which never pass the HTTP decoder's own depth cap). The walk is
 * iterative: no input can exhaust the stack. Dates and other class instances (in-process) are left to
 * the endpoint's schema.
 */
export function checkInputStrings(
  value: unknown,
  where: "body" | "query",
  longStrings?: Readonly<Record<string, number>>,
): void {
  if (value === null || value === undefined) return;
  if (isPlainContainer(value) && !Array.isArray(value)) {
    for (const field of Object.keys(REDIRECT_URL_FIELDS)) {
      const url = Object.hasOwn(value, field) ? value[field] : undefined;
      if (typeof url === "string" && url.length > URL_MAX_LENGTH) {
        refuse(where, field, `Too long: at most ${URL_MAX_LENGTH} characters`);
      }
    }
  }
  const stack: [unknown, string, number][] = [[value, "", 0]];
  while (stack.length > 0) {
    const [node, path, depth] = stack.pop()!;
    if (typeof node === "string") {
      if (BAD_CHARACTER.test(node)) refuse(where, path, "Contains U+0000 or an unpaired surrogate");
      // Only a field the endpoint names by its exact path gets its own, larger maximum.
      const max = (longStrings && Object.hasOwn(longStrings, path) && longStrings[path]) || 0;
      if (max > LONG_STRING_MAX_LENGTH) {
        if (!fitsCharacters(node, max)) refuse(where, path, `Too long: at most ${max} characters`);
        continue;
      }
      if (!fitsCharacters(node, LONG_STRING_MAX_LENGTH)) {
        refuse(where, path, `Too long: at most ${LONG_STRING_MAX_LENGTH} characters`);
      }
      continue;
    }
    if (!isPlainContainer(node)) continue;
    if (depth >= MAX_INPUT_DEPTH) refuse(where, path, `Nested deeper than ${MAX_INPUT_DEPTH} levels`);
    for (const key of Object.keys(node)) {
      const keyPath = path === "" ? key : `${path}.${key}`;
      if (BAD_CHARACTER.test(key)) refuse(where, path, "A key contains U+0000 or an unpaired surrogate");
      stack.push([(node as Record<string, unknown>)[key], keyPath, depth + 1]);
    }
  }
}
