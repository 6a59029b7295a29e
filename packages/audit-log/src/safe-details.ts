/** Keys that can name a secret: never recorded, even if a rule lists them by mistake. */
const SECRET_KEY = /password|token|secret|code|otp|backup|hash|^key$|apikey|cookie|signature/i;
const MAX_STRING = 200;

/** A record's own object, or an empty one (bodies and results are untyped here). */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A string value or undefined. */
export function str(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/**
 * Copies the `keys` of `source` that hold a string, number or boolean — never an object, never a key that
 * can name a secret — into a details object. Long strings are cut. This is the only way values reach a row.
 */
export function pickDetails(
  source: Record<string, unknown>,
  keys: readonly string[],
): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const key of keys) {
    if (SECRET_KEY.test(key) || !Object.hasOwn(source, key)) continue;
    const value = source[key];
    if (typeof value === "string") out[key] = value.slice(0, MAX_STRING);
    else if (typeof value === "number" && Number.isFinite(value)) out[key] = value;
    else if (typeof value === "boolean") out[key] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === "string"))
      out[key] = value.join(",").slice(0, MAX_STRING);
  }
  return out;
}

/** The names (not values) of the fields a body changed, for update events: `"name,image"`. */
export function changedFields(body: Record<string, unknown>): string {
  return Object.keys(body)
    .filter((k) => !SECRET_KEY.test(k))
    .sort()
    .join(",")
    .slice(0, MAX_STRING);
}
