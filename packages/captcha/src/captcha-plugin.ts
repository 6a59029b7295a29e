import { definePlugin } from "@gatehouse-auth/core";
import { CAPTCHA_ERRORS } from "./captcha-errors.js";
import { CAPTCHA_OPTION_KEYS, type CaptchaOptions, resolveCaptchaOptions } from "./captcha-options.js";
import { createEndpointMatcher, unmatchedPaths } from "./protected-endpoints.js";
import { CAPTCHA_OPENAPI, requireCaptcha } from "./require-captcha.js";

/**
 * The captcha plugin: the chosen endpoints (default sign-up, sign-in, password reset request) run only
 * for requests whose `x-captcha-response` token the provider (Cloudflare Turnstile, Google reCAPTCHA v2/v3,
 * hCaptcha) accepts. It adds no endpoint and no table: one before hook.
 */
export const captcha = (options: CaptchaOptions) => {
  const o = resolveCaptchaOptions(options);
  const isProtected = createEndpointMatcher(o.endpoints);
  return definePlugin({
    id: "captcha",
    // A misspelt option (expectedHostnames) is refused at start-up instead of silently ignored.
    optionKeys: { given: options, keys: CAPTCHA_OPTION_KEYS },
    errors: CAPTCHA_ERRORS,
    hooks: {
      // Picked by the endpoint alone, at startup: the OpenAPI document asks the same `appliesTo`, so
      // it lists the header and the errors on exactly the guarded operations.
      before: [{ appliesTo: isProtected, run: requireCaptcha(o), openapi: CAPTCHA_OPENAPI }],
    },
    init(ctx) {
      const missing = unmatchedPaths(o.endpoints, Object.values(ctx.endpoints));
      if (missing.length > 0) {
        throw new Error(
          `Gatehouse captcha: no installed endpoint answers ${missing.join(", ")}; nothing would be guarded there`,
        );
      }
    },
  });
};
