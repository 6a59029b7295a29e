import { utf8 } from "./encoding.js";

/**
 * Compares two strings or byte arrays without an early exit, so the time taken does not tell an
 * attacker how many leading characters of a guessed signature were right.
 */
export function constantTimeEqual(a: string | Uint8Array, b: string | Uint8Array): boolean {
  // Two strings are compared by UTF-16 code unit: equal code units ⇔ equal UTF-8 bytes, without
  // encoding both first (that encoding was most of a cookie check's cost).
  if (typeof a === "string" && typeof b === "string") {
    let diff = a.length ^ b.length;
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
    return diff === 0;
  }
  const x = typeof a === "string" ? utf8(a) : a;
  const y = typeof b === "string" ? utf8(b) : b;
  let diff = x.length ^ y.length;
  const n = Math.max(x.length, y.length);
  for (let i = 0; i < n; i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}
