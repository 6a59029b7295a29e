import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";

// Deliberately simple: one @, no spaces, a dot in the domain. RFC 5321 caps addresses at 254.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
// Control and invisible format characters (U+0000–U+001F, U+200B zero-width space, U+202E right-to-left
// override, …): no real address has them, and they make a second account that looks like the first.
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

/**
 * Trims, NFC-normalizes and lowercases an email (SPEC.md §3: stored lowercase), so "é" typed composed or
 * decomposed is one address; throws INVALID_EMAIL when malformed or holding invisible characters.
 */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().normalize("NFC").toLowerCase();
  if (email.length > 254 || !EMAIL.test(email) || INVISIBLE.test(email)) throw new AuthError(CORE_ERRORS.INVALID_EMAIL);
  return email;
}
