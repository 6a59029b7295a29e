import { AuthError, type HookContext, type HookOpenAPI } from "@gatehouse-auth/core";
import { CAPTCHA_ERRORS } from "./captcha-errors.js";
import type { ResolvedCaptchaOptions } from "./captcha-options.js";
import { verifyCaptchaToken } from "./verify-captcha-token.js";

/** The request header carrying the browser's captcha token. */
export const CAPTCHA_HEADER = "x-captcha-response";

/** What the hook adds to each guarded operation of the OpenAPI document: the header and every refusal. */
export const CAPTCHA_OPENAPI = {
  headers: [
    {
      name: CAPTCHA_HEADER,
      // Over HTTP always; only server-side `auth.api` calls go without, and they are not in the document.
      required: true,
      description: "The token the captcha widget gave the browser, checked with the provider before the endpoint runs",
    },
  ],
  errors: Object.values(CAPTCHA_ERRORS),
} satisfies HookOpenAPI;

/**
 * The before hook: refuses the request unless its `x-captcha-response` token passes the provider's
 * check. Missing → 400, refused → 403, no answer from the provider → 503. It runs before the
 * endpoint, so a refused request creates, signs in and sends nothing. Server-side `auth.api` calls
 * (no HTTP request) are the app's own and are not asked for a token.
 */
export function requireCaptcha(options: ResolvedCaptchaOptions) {
  return async (ctx: HookContext): Promise<void> => {
    if (ctx.request === null) return;
    const token = ctx.headers.get(CAPTCHA_HEADER)?.trim() ?? "";
    if (token === "") throw new AuthError(CAPTCHA_ERRORS.MISSING_CAPTCHA_RESPONSE);
    const result = await verifyCaptchaToken(token, ctx.clientIp, options);
    if (result.verdict === "pass") return;
    if (result.verdict === "fail") throw new AuthError(CAPTCHA_ERRORS.CAPTCHA_VERIFICATION_FAILED);
    // The operator needs to know (an outage, a wrong secret); the visitor only that it may retry.
    ctx.auth.options.logger.error(`Gatehouse captcha: ${options.provider} site-verify ${result.reason}`);
    throw new AuthError(CAPTCHA_ERRORS.CAPTCHA_SERVICE_UNAVAILABLE);
  };
}
