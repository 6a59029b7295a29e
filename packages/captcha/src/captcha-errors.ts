import { defineErrors } from "@gatehouse-auth/core";

/** The captcha plugin's error catalogue; it owns status and message. */
export const CAPTCHA_ERRORS = defineErrors({
  // The browser sent no token: the page did not run the widget (or a script is calling the route).
  MISSING_CAPTCHA_RESPONSE: { status: 400, message: "Missing CAPTCHA response" },
  // The provider said no, or said yes for another site, action or a score below the minimum.
  CAPTCHA_VERIFICATION_FAILED: { status: 403, message: "Captcha verification failed" },
  // The provider could not give an answer (unreachable, too slow, an answer that is not one): the
  // request is refused, never let through, and the client may retry.
  CAPTCHA_SERVICE_UNAVAILABLE: { status: 503, message: "Captcha verification service is unavailable" },
});

/** One error of the catalogue. */
export type CaptchaError = (typeof CAPTCHA_ERRORS)[keyof typeof CAPTCHA_ERRORS];
