import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";

// Deliberately simple: one @, no spaces, a dot in the domain. RFC 5321 caps addresses at 254.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Trims and lowercases an email (SPEC.md §3: stored lowercase); throws INVALID_EMAIL when malformed. */
export function normalizeEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) throw new AuthError(CORE_ERRORS.INVALID_EMAIL);
  return email;
}
