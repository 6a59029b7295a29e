import { AuthError } from "@gatehouse-auth/core";
import { AUDIT_LOG_ERRORS } from "./audit-log-errors.js";

/** Where a page ended: the last event's time and id (the order is newest first, then id). */
export interface AuditCursor {
  t: number;
  id: string;
}

/** Opaque to clients: base64url of `time:id`. */
export function encodeCursor(cursor: AuditCursor): string {
  return Buffer.from(`${cursor.t}:${cursor.id}`, "utf8").toString("base64url");
}

/** Reads a cursor; anything this plugin did not write is a 400. */
export function decodeCursor(value: string): AuditCursor {
  const text = /^[A-Za-z0-9_-]{1,400}$/.test(value) ? Buffer.from(value, "base64url").toString("utf8") : "";
  const match = /^(\d{1,15}):([A-Za-z0-9_-]{1,255})$/.exec(text);
  if (!match?.[1] || !match[2]) throw new AuthError(AUDIT_LOG_ERRORS.AUDIT_LOG_INVALID_CURSOR);
  return { t: Number(match[1]), id: match[2] };
}
