import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { MAX_INPUT_DEPTH } from "../schema/field-limits.js";

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * How deep `text` nests arrays and objects, stopping as soon as it passes `limit`. A scan of the text,
 * not of a parsed value: it runs before any recursive work, so no body can exhaust the stack, and
 * brackets inside strings do not count.
 */
export function jsonTextDepth(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return deepest;
}

// Keys that would reach an object's prototype machinery rather than its data. JSON.parse makes them
// plain own properties, but anything downstream that copies with assignment (Object.assign, a merge)
// would turn `__proto__` into a prototype swap and `constructor.prototype` into pollution. They are
// never data, so they are dropped, as zod already drops `__proto__` from records and catch-alls.
const DROPPED_KEYS = new Set(["__proto__", "constructor"]);

function dropPrototypeKeys(key: string, value: unknown): unknown {
  return DROPPED_KEYS.has(key) ? undefined : value;
}

/**
 * Parses a JSON request body: at most MAX_INPUT_DEPTH levels deep (deeper is 400 JSON_TOO_DEEP, checked
 * on the text first), without `__proto__` or `constructor` keys at any level, malformed text 400
 * INVALID_JSON.
 */
export function parseJsonBody(text: string): unknown {
  if (jsonTextDepth(text, MAX_INPUT_DEPTH) > MAX_INPUT_DEPTH) throw new AuthError(CORE_ERRORS.JSON_TOO_DEEP);
  // The reviver costs a call per value; skip it when no such key can be present (a key could only be
  // spelled with an escape, `\u005f_proto__`, which the first test catches).
  const reviver =
    text.includes("\\u") || text.includes("__proto__") || text.includes("constructor") ? dropPrototypeKeys : undefined;
  try {
    return JSON.parse(text, reviver);
  } catch {
    throw new AuthError(CORE_ERRORS.INVALID_JSON);
  }
}
