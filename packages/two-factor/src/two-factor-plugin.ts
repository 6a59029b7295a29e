import { definePlugin } from "@gatehouse-auth/core";
import { interceptTwoFactorSignIn } from "./intercept-two-factor-sign-in.js";
import { revokeTrustOnPasswordChange, revokeTrustWithSessions } from "./revoke-trust-with-sessions.js";
import { disableTwoFactor } from "./routes/disable-two-factor.js";
import { enableTwoFactor } from "./routes/enable-two-factor.js";
import { generateBackupCodesRoute } from "./routes/generate-backup-codes.js";
import { sendTwoFactorOtp } from "./routes/send-two-factor-otp.js";
import { verifyBackupCode } from "./routes/verify-backup-code.js";
import { verifyTotp } from "./routes/verify-totp.js";
import { verifyTwoFactorOtp } from "./routes/verify-two-factor-otp.js";
import { TWO_FACTOR_ERRORS } from "./two-factor-errors.js";
import { TWO_FACTOR_OPTION_KEYS, type TwoFactorOptions, resolveTwoFactorOptions } from "./two-factor-options.js";
import { twoFactorSchema } from "./two-factor-schema.js";

/**
 * The two-factor plugin: TOTP (RFC 6238), codes by email or SMS through the app's sender, single-use
 * backup codes and trusted browsers. Every sign-in of a user with two-factor on — whichever first
 * factor — ends in a pending sign-in (core's `interceptSignIn`) until a second factor completes it.
 */
export const twoFactor = (options: TwoFactorOptions = {}) => {
  const o = resolveTwoFactorOptions(options);
  return definePlugin({
    id: "two-factor",
    // A misspelt option (totp.digit) is refused at start-up instead of silently ignored.
    optionKeys: { given: options, keys: TWO_FACTOR_OPTION_KEYS },
    schema: twoFactorSchema,
    errors: TWO_FACTOR_ERRORS,
    rateLimit: o.rateLimit,
    endpoints: {
      enableTwoFactor: enableTwoFactor(o),
      disableTwoFactor,
      verifyTOTP: verifyTotp(o),
      verifyBackupCode: verifyBackupCode(o),
      sendTwoFactorOTP: sendTwoFactorOtp(o),
      verifyTwoFactorOTP: verifyTwoFactorOtp(o),
      generateBackupCodes: generateBackupCodesRoute(o),
    },
    interceptSignIn: interceptTwoFactorSignIn(o),
    hooks: { after: [revokeTrustOnPasswordChange] },
    onUserSessionsEnded: revokeTrustWithSessions,
  });
};
