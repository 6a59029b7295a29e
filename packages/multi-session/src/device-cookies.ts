import { constantTimeEqual, hmacSha256Base64Url } from "@gatehouse-auth/core";
import type { HookContext } from "@gatehouse-auth/core";

/**
 * One account this browser is signed in to: a cookie `<prefix>.multi_session_<key>`, one per user, whose
 * value is `<addedAt base36>.<1|0 remember-me>.<session token>.<signature>`. The key is a keyed hash
 * of the user id (a re-sign-in to the same account replaces its cookie), and the signature covers the
 * key too, so a value cannot be moved to another name. Unsigned or mis-signed cookies are ignored.
 */
export interface DeviceEntry {
  /** The cookie's name. */
  name: string;
  /** The part of the name after `multi_session_`: `deviceKeyOf(secret, userId)`. */
  key: string;
  token: string;
  /** When this browser added the account (ms): the oldest is evicted first. */
  addedAt: number;
  /** Whether the session was created with remember-me (its cookie outlives the browser). */
  remember: boolean;
}

const STEM = "multi_session_";
const KEY = /^[A-Za-z0-9_-]{22}$/;
const PAYLOAD = /^([0-9a-z]{1,11})\.([01])\.([A-Za-z0-9_-]{16,512})$/;

/** The cookie-name key of a user's entry: a keyed hash, so the name does not reveal the user id. */
export function deviceKeyOf(secret: string, userId: string): string {
  return hmacSha256Base64Url(secret, `multi-session-user:${userId}`).slice(0, 22);
}

const signatureOf = (secret: string, key: string, payload: string) =>
  hmacSha256Base64Url(secret, `multi-session:${key}:${payload}`);

/** The device's entries, oldest first, and the names of cookies with our prefix that failed the signature. */
export function readDeviceCookies(ctx: HookContext): { entries: DeviceEntry[]; forged: string[] } {
  const entries: DeviceEntry[] = [];
  const forged: string[] = [];
  const header = ctx.headers.get("cookie");
  if (!header) return { entries, forged };
  const prefix = ctx.auth.cookies.named(STEM);
  const seen = new Set<string>();
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0) continue;
    const name = pair.slice(0, eq).trim();
    // Browsers send the most specific cookie first when two share a name; the first one counts.
    if (!name.startsWith(prefix) || seen.has(name)) continue;
    seen.add(name);
    const entry = parseEntry(ctx.auth.secret, name, name.slice(prefix.length), pair.slice(eq + 1).trim());
    if (entry) entries.push(entry);
    else forged.push(name);
  }
  entries.sort((a, b) => a.addedAt - b.addedAt);
  return { entries, forged };
}

function parseEntry(secret: string, name: string, key: string, value: string): DeviceEntry | null {
  if (!KEY.test(key)) return null;
  const dot = value.lastIndexOf(".");
  if (dot <= 0) return null;
  const payload = value.slice(0, dot);
  if (!constantTimeEqual(value.slice(dot + 1), signatureOf(secret, key, payload))) return null;
  const match = PAYLOAD.exec(payload);
  if (!match) return null;
  const [, addedAt = "", remember, token = ""] = match;
  return { name, key, token, addedAt: Number.parseInt(addedAt, 36), remember: remember === "1" };
}

/** The entry holding `token`; every entry is compared in full, as tokens are secrets. */
export function findDeviceEntry(entries: readonly DeviceEntry[], token: string): DeviceEntry | undefined {
  let found: DeviceEntry | undefined;
  for (const entry of entries) if (constantTimeEqual(entry.token, token) && !found) found = entry;
  return found;
}

/**
 * Sets a user's entry. A remembered session's cookie lives until the session expires (rewritten
 * whenever the session slides forward); otherwise it dies with the browser, like the session cookie.
 */
export function writeDeviceEntry(ctx: HookContext, entry: Omit<DeviceEntry, "name">, expiresAt: Date): void {
  const { cookies, secret } = ctx.auth;
  const payload = `${entry.addedAt.toString(36)}.${entry.remember ? 1 : 0}.${entry.token}`;
  const maxAge = entry.remember ? Math.max(1, Math.round((expiresAt.getTime() - ctx.auth.now()) / 1000)) : undefined;
  ctx.setCookie(cookies.named(STEM + entry.key), `${payload}.${signatureOf(secret, entry.key, payload)}`, {
    ...cookies.attributes,
    maxAge,
  });
}

/** Expires one entry's cookie (or a forged cookie with our prefix). */
export function clearDeviceCookie(ctx: HookContext, name: string): void {
  ctx.setCookie(name, "", { ...ctx.auth.cookies.attributes, maxAge: 0 });
}
