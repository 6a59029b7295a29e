/** @gatehouse-auth/email-otp — one-time codes by email: sign-in, email verification, password reset. */
export { emailOTP } from "./email-otp-plugin.js";
export type { EmailOtpMessage, EmailOtpOptions, EmailOtpRoutePath, EmailOtpType } from "./email-otp-options.js";
export { DEFAULT_EMAIL_OTP_RATE_LIMITS, EMAIL_OTP_TYPES } from "./email-otp-options.js";
export { EMAIL_OTP_ERRORS } from "./email-otp-errors.js";
export { EMAIL_OTP_ROUTES } from "./routes-table.js";
