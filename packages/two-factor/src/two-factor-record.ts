import { symmetricDecrypt } from "@gatehouse-auth/core";
import type { AuthContext, Db } from "@gatehouse-auth/core";

/** A user's `twoFactor` row as stored (the secret still encrypted, backup codes as a JSON list of HMACs). */
export interface TwoFactorRow {
  id: string;
  userId: string;
  secret: string;
  backupCodes: string;
  lastTotpStep: number;
  trustGeneration: number;
}

export const MODEL = "twoFactor";

/** The user's row, or null before they ever enabled two-factor. */
export function findTwoFactorRow(db: Db, userId: string): Promise<TwoFactorRow | null> {
  return db.findOne<TwoFactorRow>({ model: MODEL, where: [{ field: "userId", value: userId }] });
}

/** The TOTP secret (base32); null when it cannot be decrypted (the auth secret changed). */
export const decryptTotpSecret = (auth: AuthContext, row: TwoFactorRow): string | null =>
  symmetricDecrypt(auth.secret, row.secret);

/**
 * Records `step` as the user's last accepted TOTP step, only if it is later than the one stored: a
 * conditional write, so of two requests with one code (or an older one) exactly one succeeds — RFC 6238
 * §5.2: a code is accepted once.
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const changed = await db.updateMany({
    model: MODEL,
    where: [
      { field: "userId", value: userId },
      { field: "lastTotpStep", operator: "lt", value: step },
    ],
    update: { lastTotpStep: step },
  });
  return changed === 1;
}
