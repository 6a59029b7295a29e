/** @gatehouse-auth/captcha — verifies a captcha token (Turnstile, reCAPTCHA, hCaptcha) before chosen endpoints run. */
export { captcha } from "./captcha-plugin.js";
export type { CaptchaOptions, CaptchaProvider } from "./captcha-options.js";
export { DEFAULT_PROTECTED_ENDPOINTS, SITE_VERIFY_URLS } from "./captcha-options.js";
export { CAPTCHA_ERRORS } from "./captcha-errors.js";
export { CAPTCHA_HEADER } from "./require-captcha.js";
