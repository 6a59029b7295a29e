import type { HookRule } from "@gatehouse-auth/core";
import type { ResolvedEmailOtpOptions } from "./email-otp-options.js";
import { voidEmailOtp } from "./email-otp-store.js";

/**
 * After a signed-in password change (core's change-password, set-password), the reset code mailed
 * earlier is void, as core voids emailed reset links: one new password answers every outstanding reset.
 */
export const voidEmailResetOnPasswordChange = (o: ResolvedEmailOtpOptions): HookRule => ({
  tags: ["changes-password"],
  async run(ctx) {
    const email = ctx.session?.user.email;
    if (email) await voidEmailOtp(ctx.auth, o, email, "forget-password");
  },
});
