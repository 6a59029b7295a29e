import type { ResolvedCaptchaOptions } from "./captcha-options.js";

/** What the plugin makes of an answer: let the request through, refuse it (403), or no verdict (503). */
export type CaptchaVerdict =
  | { verdict: "pass" }
  | { verdict: "fail"; reason: string }
  | { verdict: "unavailable"; reason: string };

/**
 * Error codes that blame our request, not the visitor's token: a wrong or missing secret, a site key
 * that does not go with it, or the provider's own trouble. Refused all the same, but as 503 and logged,
 * so a misconfiguration shows up as an outage to fix rather than as every visitor "failing" the captcha.
 */
const NOT_THE_TOKENS_FAULT = new Set([
  "missing-input-secret",
  "invalid-input-secret",
  "sitekey-secret-mismatch", // hCaptcha
  "invalid-sitekey", // hCaptcha
  "bad-request",
  "internal-error", // Turnstile: "retry the validation"
]);

/**
 * Judges a site-verify answer (`success`, `error-codes`, `hostname`, and per provider `action`,
 * `score`). Only `success: true` can pass, and then only if the hostname, action and score are what
 * the options expect; a field that should be checked but is missing or of the wrong type fails.
 */
export function judgeSiteVerifyAnswer(
  answer: Record<string, unknown>,
  options: ResolvedCaptchaOptions,
): CaptchaVerdict {
  if (answer.success !== true) {
    const raw = answer["error-codes"];
    const codes = Array.isArray(raw) ? raw.filter((c): c is string => typeof c === "string") : [];
    const blamesUs = codes.filter((c) => NOT_THE_TOKENS_FAULT.has(c));
    if (blamesUs.length > 0) return { verdict: "unavailable", reason: `refused our request: ${blamesUs.join(", ")}` };
    return { verdict: "fail", reason: codes.length > 0 ? codes.join(", ") : "success is false" };
  }
  if (options.expectedHostnames) {
    const hostname = typeof answer.hostname === "string" ? answer.hostname.toLowerCase() : null;
    if (!hostname || !options.expectedHostnames.includes(hostname)) {
      return { verdict: "fail", reason: `solved on another hostname (${String(answer.hostname)})` };
    }
  }
  if (options.expectedAction !== null && answer.action !== options.expectedAction) {
    return { verdict: "fail", reason: `solved for another action (${String(answer.action)})` };
  }
  // reCAPTCHA v3 scores every token; v2 answers carry none (and a v2 secret never yields v3 answers).
  if (options.minScore !== null && "score" in answer) {
    const { score } = answer;
    if (typeof score !== "number" || !Number.isFinite(score) || score < options.minScore) {
      return { verdict: "fail", reason: `score ${String(score)} is below ${options.minScore}` };
    }
  }
  return { verdict: "pass" };
}
