/** @gatehouse-auth/two-factor — TOTP, codes by email or SMS, backup codes and trusted browsers as a second factor. */
export { twoFactor } from "./two-factor-plugin.js";
export type { TwoFactorOptions, TwoFactorOtpMessage } from "./two-factor-options.js";
export { DEFAULT_TWO_FACTOR_RATE_LIMITS } from "./two-factor-options.js";
export { TWO_FACTOR_ERRORS } from "./two-factor-errors.js";
export { TWO_FACTOR_ROUTES } from "./routes-table.js";
export { TWO_FACTOR_TAG } from "./intercept-two-factor-sign-in.js";
export { totpQrCodeSvg } from "./qr.js";
