import { constantTimeEqual } from "../crypto/constant-time-equal.js";
import { base64ToBytes, bytesToBase64Url, utf8 } from "../crypto/encoding.js";
import { hmacSha256Base64Url } from "../crypto/hmac.js";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";

/** A value of the sort column as a cursor carries it: dates as epoch milliseconds, tagged. */
export type CursorValue = string | number | boolean | null | Date;

/** Where a page ended: the last row's sort value and id. */
export interface CursorPosition {
  value: CursorValue;
  id: string;
}

/**
 * What a cursor is bound to: the listing and its scope (e.g. `members:<organizationId>`), and the sort.
 * A cursor handed out for one binding is refused under any other, so it cannot be replayed against another
 * account's, organization's or sort's listing.
 */
export interface CursorBinding {
  listing: string;
  sortField: string;
  direction: "asc" | "desc";
}

// Longer than any cursor this module writes (a 255-character sort value, an id and a 43-character MAC).
const MAX_CURSOR_LENGTH = 1024;
const decoder = new TextDecoder("utf-8", { fatal: true });

const bound = (secret: string, b: CursorBinding, payload: string) =>
  hmacSha256Base64Url(secret, `gatehouse-page-cursor\n${b.listing}\n${b.sortField}\n${b.direction}\n${payload}`);

/**
 * An opaque cursor: the position as base64url JSON, then an HMAC under the auth secret over it and its
 * binding. Signed rather than merely encoded so nobody can point a listing at a position it never reached
 * (a crafted sort value) or carry a cursor from one listing to another.
 */
export function encodePageCursor(secret: string, binding: CursorBinding, position: CursorPosition): string {
  const value = position.value instanceof Date ? { d: position.value.getTime() } : position.value;
  const payload = bytesToBase64Url(utf8(JSON.stringify([value, position.id])));
  return `${payload}.${bound(secret, binding, payload)}`;
}

const invalidCursor = () => new AuthError(CORE_ERRORS.INVALID_CURSOR);

/** Reads a cursor this server wrote for `binding`; anything else (forged, edited, foreign) is a 400 INVALID_CURSOR. */
export function decodePageCursor(secret: string, binding: CursorBinding, cursor: string): CursorPosition {
  if (cursor.length > MAX_CURSOR_LENGTH) throw invalidCursor();
  const dot = cursor.indexOf(".");
  if (dot <= 0) throw invalidCursor();
  const payload = cursor.slice(0, dot);
  if (!constantTimeEqual(cursor.slice(dot + 1), bound(secret, binding, payload))) throw invalidCursor();
  // Signed by us, so well-formed; checked anyway, as a rotated-in secret could sign an older format.
  let parsed: unknown;
  try {
    const bytes = base64ToBytes(payload);
    parsed = bytes ? JSON.parse(decoder.decode(bytes)) : null;
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[1] !== "string") throw invalidCursor();
  const [raw, id] = parsed as [unknown, string];
  if (raw === null || typeof raw === "string" || typeof raw === "number" || typeof raw === "boolean")
    return { value: raw, id };
  if (typeof raw === "object" && typeof (raw as { d?: unknown }).d === "number")
    return { value: new Date((raw as { d: number }).d), id };
  throw invalidCursor();
}
