/** The captcha plugin (Turnstile, reCAPTCHA, hCaptcha): @gatehouse-auth/captcha. */
export * from "@gatehouse-auth/captcha";
