import { randomBytes } from "@noble/hashes/utils.js";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/**
 * `length` characters drawn uniformly from `alphabet` (at most 256 symbols) with a CSPRNG.
 * Rejection sampling: bytes at or above the largest multiple of the alphabet size are discarded,
 * so no character is more likely than another (a plain modulo would bias the first ones).
 */
export function generateRandomString(length: number, alphabet: string = ALPHANUMERIC): string {
  const size = alphabet.length;
  if (size < 2 || size > 256) throw new RangeError("alphabet must have 2 to 256 characters");
  const limit = 256 - (256 % size);
  let out = "";
  while (out.length < length) {
    const bytes = randomBytes(Math.ceil((length - out.length) * 1.3) + 8);
    for (const b of bytes) {
      if (b >= limit) continue;
      out += alphabet[b % size];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A row id: 32 characters of [A-Za-z0-9], about 190 bits. */
export function generateId(length = 32): string {
  return generateRandomString(length);
}
