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

/** One Set-Cookie header value. The value must already be cookie-safe. */
export function serializeCookie(name: string, value: string, attrs: CookieAttributes = {}): string {
  let line = `${name}=${value}; Path=${attrs.path ?? "/"}`;
  if (attrs.maxAge !== undefined)
    line += `; Max-Age=${Math.max(0, Math.min(Math.floor(attrs.maxAge), MAX_COOKIE_AGE))}`;
  if (attrs.domain) line += `; Domain=${attrs.domain}`;
  if (attrs.httpOnly !== false) line += "; HttpOnly";
  if (attrs.secure) line += "; Secure";
  line += `; SameSite=${attrs.sameSite ?? "Lax"}`;
  return line;
}
