import { definePlugin } from "@gatehouse-auth/core";
import { EMAIL_OTP_ERRORS } from "./email-otp-errors.js";
import { EMAIL_OTP_OPTION_KEYS, type EmailOtpOptions, resolveEmailOtpOptions } from "./email-otp-options.js";
import { requestPasswordResetOtp } from "./routes/request-password-reset-otp.js";
import { resetPasswordEmailOtp } from "./routes/reset-password-email-otp.js";
import { sendVerificationOtp } from "./routes/send-verification-otp.js";
import { signInEmailOtp } from "./routes/sign-in-email-otp.js";
import { verifyEmailOtp } from "./routes/verify-email-otp.js";
import { voidEmailResetOnPasswordChange } from "./void-email-reset-on-password-change.js";

/**
 * The email-OTP plugin: one-time codes by email for sign-in (creating the account for a new address),
 * email verification and password reset. Codes are stored as keyed hashes, single use, expire, and die
 * after `allowedAttempts` wrong guesses; each address gets at most `sendLimit` codes per window.
 */
export const emailOTP = (options: EmailOtpOptions) => {
  const o = resolveEmailOtpOptions(options);
  return definePlugin({
    id: "email-otp",
    // A misspelt option (allowedAttempt) is refused at start-up instead of silently ignored.
    optionKeys: { given: options, keys: EMAIL_OTP_OPTION_KEYS },
    errors: EMAIL_OTP_ERRORS,
    rateLimit: o.rateLimit,
    endpoints: {
      sendVerificationOTP: sendVerificationOtp(o),
      requestPasswordResetEmailOTP: requestPasswordResetOtp(o),
      signInEmailOTP: signInEmailOtp(o),
      verifyEmailOTP: verifyEmailOtp(o),
      resetPasswordEmailOTP: resetPasswordEmailOtp(o),
    },
    hooks: { after: [voidEmailResetOnPasswordChange(o)] },
  });
};
