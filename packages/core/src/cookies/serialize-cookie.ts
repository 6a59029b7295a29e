import { isHeaderName, percentEncodeBytes } from "../security/header-value.js";

/** Set-Cookie attributes core uses. */
export interface CookieAttributes {
  /** Seconds; omitted means a browser-session cookie. Capped at 400 days (SPEC.md §9). */
  maxAge?: number;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Lax" | "Strict" | "None";
  domain?: string;
}

/** RFC 6265bis caps cookie lifetimes at 400 days; browsers clamp anything longer anyway. */
export const MAX_COOKIE_AGE = 34_560_000;

// RFC 6265 §4.1.1 cookie-octet, minus `%` so that encoded values decode back unambiguously.
const NOT_COOKIE_OCTET = /[^\x21\x23-\x24\x26-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+/g;
// An attribute value may hold anything but controls and `;` (which would start another attribute).
const NOT_ATTRIBUTE_CHAR = /[^\x20-\x3a\x3c-\x7e]+/g;

/**
 * The value as it can sit in a cookie: unchanged when it is made of cookie-octets (every value core
 * sets: base64 and signatures), else with each other character percent-encoded as UTF-8, so
 * `decodeURIComponent` gives it back and no `;`, space or CR/LF can end the cookie or the header.
 */
export function encodeCookieValue(value: string): string {
  return value.replace(NOT_COOKIE_OCTET, percentEncodeBytes);
}

/** One Set-Cookie header value, valid by construction; a name that is not a token is a programming error. */
export function serializeCookie(name: string, value: string, attrs: CookieAttributes = {}): string {
  if (!isHeaderName(name)) throw new Error(`Gatehouse: cookie name ${JSON.stringify(name)} is not an RFC 9110 token`);
  const path = (attrs.path ?? "/").replace(NOT_ATTRIBUTE_CHAR, percentEncodeBytes);
  let line = `${name}=${encodeCookieValue(value)}; Path=${path}`;
  if (attrs.maxAge !== undefined)
    line += `; Max-Age=${Math.max(0, Math.min(Math.floor(attrs.maxAge), MAX_COOKIE_AGE)) || 0}`;
  if (attrs.domain) line += `; Domain=${attrs.domain.replace(NOT_ATTRIBUTE_CHAR, percentEncodeBytes)}`;
  if (attrs.httpOnly !== false) line += "; HttpOnly";
  if (attrs.secure) line += "; Secure";
  line += `; SameSite=${attrs.sameSite === "Strict" || attrs.sameSite === "None" ? attrs.sameSite : "Lax"}`;
  return line;
}
