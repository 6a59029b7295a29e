import type { HookRule } from "@gatehouse/core";
import { revokeTrustedDevices } from "./trusted-device.js";
import { findTwoFactorRow } from "./two-factor-record.js";

/**
 * Trusted browsers go with the sessions: after /revoke-sessions, /revoke-other-sessions or a password
 * change, every trust cookie of the user stops skipping the second factor.
 */
export const revokeTrustWithSessions: HookRule = {
  tags: ["revokes-sessions", "changes-password"],
  async run(ctx) {
    const user = ctx.session?.user;
    if (!user) return undefined;
    const row = await findTwoFactorRow(ctx.auth.db, user.id);
    if (row) await revokeTrustedDevices(ctx.auth.db, user.id, row.trustGeneration);
    return undefined;
  },
};
