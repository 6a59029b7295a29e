import { AuthError, type Db, type Row, generateRandomString } from "@gatehouse-auth/core";
import { DEVICE_ERRORS } from "./device-errors.js";
import { GRANT_MODELS } from "./grants-schema.js";
import { hashToken } from "./issue-code.js";

// RFC 8628 §6.1: consonants only (no vowels, so no words; no 0/O, 1/I lookalikes), case-insensitive.
const ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";
const LENGTH = 8;

/** A fresh user code, `XXXX-XXXX` (20^8 ≈ 2^34.6 values; guessing is rate-limited and bounded by the lifetime). */
export function generateUserCode(): string {
  let code = "";
  while (code.length < LENGTH) {
    // 20 does not divide 256: drop the top values so every letter is equally likely.
    for (const b of crypto.getRandomValues(new Uint8Array(LENGTH)))
      if (b < 240 && code.length < LENGTH) code += ALPHABET[b % 20];
  }
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The user code as typed (any case, with or without dash or spaces) in its stored form; null when it cannot be one. */
export function normalizeUserCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, "");
  if (code.length !== LENGTH || [...code].some((c) => !ALPHABET.includes(c))) return null;
  return code;
}

export const userCodeHash = (normalized: string) => hashToken(`user-code:${normalized}`);
export const newDeviceCode = () => generateRandomString(48);

/** A stored device authorization. */
export interface DeviceCodeRow extends Row {
  deviceCodeHash: string;
  userCodeHash: string;
  clientId: string;
  scopes: string;
  resource: string | null;
  userId: string | null;
  sessionId: string | null;
  status: "pending" | "approved" | "denied" | "used";
  interval: number;
  lastPolledAt: Date | null;
  expiresAt: Date;
}

/**
 * The pending device authorization behind a typed user code, claimed for `userId` (the first signed-in
 * user to open it holds it; RFC 8628 §5.4: a code shown on someone else's screen cannot be taken over).
 * Throws the catalogue's errors: unknown, expired, decided, or claimed by another user.
 */
export async function claimDeviceCode(db: Db, typed: string, userId: string, now: number): Promise<DeviceCodeRow> {
  const normalized = normalizeUserCode(typed);
  if (!normalized) throw new AuthError(DEVICE_ERRORS.DEVICE_CODE_NOT_FOUND);
  const hash = userCodeHash(normalized);
  const where = [{ field: "userCodeHash", value: hash }];
  const found = await db.findOne<DeviceCodeRow>({ model: GRANT_MODELS.deviceCode, where });
  if (!found || found.userCodeHash !== hash) throw new AuthError(DEVICE_ERRORS.DEVICE_CODE_NOT_FOUND);
  if (new Date(found.expiresAt).getTime() <= now) throw new AuthError(DEVICE_ERRORS.DEVICE_CODE_EXPIRED);
  if (found.userId === null) {
    // Only an unclaimed row takes the claim; two users racing: one wins, the other reads it below.
    await db.updateMany({
      model: GRANT_MODELS.deviceCode,
      where: [
        { field: "id", value: found.id },
        { field: "userId", value: null },
      ],
      update: { userId },
    });
  }
  const row = await db.findOne<DeviceCodeRow>({
    model: GRANT_MODELS.deviceCode,
    where: [{ field: "id", value: found.id }],
  });
  if (!row || row.userId !== userId) throw new AuthError(DEVICE_ERRORS.DEVICE_CODE_CLAIMED);
  if (row.status !== "pending") throw new AuthError(DEVICE_ERRORS.DEVICE_CODE_DECIDED);
  return row;
}

/** Approves or denies a claimed pending code, from this session; the one decision that lands wins. */
export async function decideDeviceCode(
  db: Db,
  typed: string,
  session: { id: string; userId: string },
  decision: "approved" | "denied",
  now: number,
): Promise<void> {
  const row = await claimDeviceCode(db, typed, session.userId, now);
  const changed = await db.updateMany({
    model: GRANT_MODELS.deviceCode,
    where: [
      { field: "id", value: row.id },
      { field: "userId", value: session.userId },
      { field: "status", value: "pending" },
    ],
    update: { status: decision, sessionId: session.id },
  });
  if (changed !== 1) throw new AuthError(DEVICE_ERRORS.DEVICE_CODE_DECIDED);
}
