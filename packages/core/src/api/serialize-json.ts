const nativeToJSON = Date.prototype.toJSON;
const nativeToISOString = Date.prototype.toISOString;
const DAY_MS = 86_400_000;
// 0000-01-01 … 9999-12-31: the range where toISOString writes a four-digit year without a sign.
const MIN_FAST_MS = -62_167_219_200_000;
const MAX_FAST_MS = 253_402_300_800_000;
// Past this depth the rest is left to JSON.stringify as it is (and a cycle gets its own TypeError).
const MAX_DEPTH = 32;

/**
 * JSON text of a response body, exactly as `JSON.stringify(value)` writes it, but much cheaper on rows
 * with dates: for each Date, JSON.stringify calls `toJSON` from C++ and then `toISOString`, which on an
 * organization with its members and invitations cost twice the rest of the serialization. Plain
 * objects and arrays that hold a native Date somewhere are copied with their Dates already written as
 * ISO text; the rest (no Date inside, class instances, anything with a `toJSON`, Dates whose methods
 * were replaced) is handed to JSON.stringify as it is. A getter may be read more than once.
 */
export function serializeJson(value: unknown): string {
  prototypeHasKeys = hasEnumerableKey(Object.prototype);
  return JSON.stringify(typeof value === "object" && value !== null ? withIsoDates(value, 0) : value);
}

let prototypeHasKeys = false;

function hasEnumerableKey(object: object): boolean {
  for (const _ in object) return true;
  return false;
}

/** `value` with its native Dates as ISO text: a copy where something changed, else `value` itself. */
function withIsoDates(value: object, depth: number): unknown {
  const proto = Object.getPrototypeOf(value);
  if (proto === Date.prototype) return isoText(value as Date);
  if (depth >= MAX_DEPTH || "toJSON" in value) return value;
  if (proto === Array.prototype) {
    const list = value as unknown[];
    let copy: unknown[] | undefined;
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      if (typeof item !== "object" || item === null) continue;
      const written = withIsoDates(item, depth + 1);
      if (written === item) continue;
      copy ??= list.slice();
      copy[i] = written;
    }
    return copy ?? value;
  }
  if (proto !== Object.prototype && proto !== null) return value;
  // for-in visits own enumerable string keys in JSON.stringify's order, and reads them through V8's
  // enum cache, much cheaper than Object.keys and a lookup per key; it also visits inherited
  // enumerable keys, which exist only where Object.prototype was given one (checked once per call).
  let copy: Record<string, unknown> | undefined;
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (typeof item !== "object" || item === null) continue;
    if (prototypeHasKeys && !Object.hasOwn(value, key)) continue;
    const written = withIsoDates(item, depth + 1);
    if (written === item) continue;
    // Spread defines an own "__proto__" key as a property; assigning to an existing key keeps that.
    copy ??= { ...value };
    copy[key] = written;
  }
  return copy ?? value;
}

/** The Date's JSON text (ISO 8601, UTC); the Date itself wherever JSON.stringify must decide. */
function isoText(date: Date): string | Date {
  if (date.toJSON !== nativeToJSON || date.toISOString !== nativeToISOString) return date;
  const ms = date.getTime();
  // NaN (toJSON writes null) fails both comparisons.
  if (!(ms >= MIN_FAST_MS && ms < MAX_FAST_MS)) return date;
  const day = Math.floor(ms / DAY_MS);
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${datePrefix(day)}${PAD2[hours]}:${PAD2[minutes]}:${PAD2[seconds]}.${PAD3[rest - seconds * 1000]}Z`;
}

let cachedDay = Number.NaN;
let cachedPrefix = "";

/**
 * "YYYY-MM-DDT" for a day count since 1970-01-01 in the proleptic Gregorian calendar: shift to years
 * starting on March 1 (leap day last) in 400-year eras, so month lengths follow a linear formula.
 * Rows written close together share their day: the last one is kept.
 */
function datePrefix(day: number): string {
  if (day === cachedDay) return cachedPrefix;
  const shifted = day + 719_468; // days from 0000-03-01 to 1970-01-01
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const dayOfMonth = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  cachedDay = day;
  cachedPrefix = `${String(year).padStart(4, "0")}-${PAD2[month]}-${PAD2[dayOfMonth]}T`;
  return cachedPrefix;
}

// Zero-padded numbers made once: padding each field of each Date allocated a string per field.
const PAD2 = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, "0"));
const PAD3 = Array.from({ length: 1000 }, (_, n) => String(n).padStart(3, "0"));
