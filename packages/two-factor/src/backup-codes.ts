import { constantTimeEqual, generateRandomString, hmacSha256Base64Url } from "@gatehouse-auth/core";
import type { AuthContext, Db } from "@gatehouse-auth/core";
import { MODEL } from "./two-factor-record.js";
import type { ResolvedTwoFactorOptions } from "./two-factor-options.js";

// No 0/O, 1/I/L: codes are typed from paper.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** Upper-cased, without the dash and spaces people type or copy. */
const normalize = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();

// Keyed with the auth secret and bound to the user: a leaked table gives no usable code.
const hashCode = (auth: AuthContext, userId: string, code: string) =>
  hmacSha256Base64Url(auth.secret, `two-factor-backup:${userId}:${normalize(code)}`);

/** New backup codes (shown once, as `XXXXX-XXXXX`) and the JSON list of their HMACs to store. */
export function generateBackupCodes(auth: AuthContext, o: ResolvedTwoFactorOptions, userId: string) {
  const codes = new Set<string>();
  while (codes.size < o.backupCodes.amount) {
    const raw = generateRandomString(o.backupCodes.length, ALPHABET);
    const half = Math.ceil(raw.length / 2);
    codes.add(`${raw.slice(0, half)}-${raw.slice(half)}`);
  }
  const list = [...codes];
  return { codes: list, stored: JSON.stringify(list.map((c) => hashCode(auth, userId, c))) };
}

const parse = (stored: string): string[] => {
  try {
    const list = JSON.parse(stored) as unknown;
    return Array.isArray(list) ? list.filter((h): h is string => typeof h === "string") : [];
  } catch {
    return [];
  }
};

/**
 * Uses up `code` if it is one of the user's: removes its HMAC with a compare-and-swap on the stored list,
 * so two requests with one code cannot both succeed. True when this call used it.
 */
export async function consumeBackupCode(
  auth: AuthContext,
  db: Db,
  row: { userId: string; backupCodes: string },
  code: string,
): Promise<boolean> {
  if (code.length > 64) return false;
  const given = hashCode(auth, row.userId, code);
  const list = parse(row.backupCodes);
  let index = -1;
  list.forEach((h, i) => {
    if (constantTimeEqual(h, given) && index === -1) index = i;
  });
  if (index === -1) return false;
  const changed = await db.updateMany({
    model: MODEL,
    where: [
      { field: "userId", value: row.userId },
      { field: "backupCodes", value: row.backupCodes },
    ],
    update: { backupCodes: JSON.stringify(list.filter((_, i) => i !== index)) },
  });
  return changed === 1;
}
