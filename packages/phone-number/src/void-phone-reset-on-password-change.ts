import type { HookRule } from "@gatehouse-auth/core";
import { voidPhoneOtp } from "./phone-otp-store.js";

/**
 * After a signed-in password change (core's change-password), the reset code texted earlier is void,
 * as core voids emailed reset links: one new password answers every outstanding reset.
 */
export const voidPhoneResetOnPasswordChange: HookRule = {
  tags: ["changes-password"],
  async run(ctx) {
    const phoneNumber = (ctx.session?.user as { phoneNumber?: string | null } | undefined)?.phoneNumber;
    if (phoneNumber) await voidPhoneOtp(ctx.auth, "reset", phoneNumber);
  },
};
