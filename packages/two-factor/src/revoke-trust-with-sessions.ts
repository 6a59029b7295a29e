import type { HookRule, SessionsEndedEvent } from "@gatehouse-auth/core";
import { revokeTrustedDevices } from "./trusted-device.js";
import { MODEL, findTwoFactorRow } from "./two-factor-record.js";

/**
 * A password change that keeps the other sessions (change-password without revokeOtherSessions,
 * set-password) still ends trust: whoever knew the old password may have trusted a browser with it.
 */
export const revokeTrustOnPasswordChange: HookRule = {
  tags: ["changes-password"],
  async run(ctx) {
    const user = ctx.session?.user;
    if (!user) return undefined;
    const row = await findTwoFactorRow(ctx.auth.db, user.id);
    if (row) await revokeTrustedDevices(ctx.auth.db, user.id, row.trustGeneration);
    return undefined;
  },
};

/**
 * Trusted browsers go with the sessions, whichever route ended them (sign-out everywhere, a reset by
 * link or code, a ban, an admin's revocation). When an unverified account's address was claimed by its
 * real owner, the squatter's secret and backup codes go too: they must not become the owner's second
 * factor. Runs inside the caller's transaction.
 */
export async function revokeTrustWithSessions({ userId, reason, db }: SessionsEndedEvent): Promise<void> {
  const row = await findTwoFactorRow(db, userId);
  if (!row) return;
  if (reason === "email-claimed") {
    await db.updateMany({
      model: MODEL,
      where: [{ field: "userId", value: userId }],
      update: { secret: "", backupCodes: "[]", trustGeneration: row.trustGeneration + 1 },
    });
    await db.updateMany({
      model: "user",
      where: [{ field: "id", value: userId }],
      update: { twoFactorEnabled: false },
    });
    return;
  }
  await revokeTrustedDevices(db, userId, row.trustGeneration);
}
