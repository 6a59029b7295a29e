import type { ResolvedCaptchaOptions } from "./captcha-options.js";
import { type CaptchaVerdict, judgeSiteVerifyAnswer } from "./judge-site-verify-answer.js";
import { postSiteVerify } from "./post-site-verify.js";

// Every provider's tokens are base64url-like text with dots (Turnstile `0.…`, reCAPTCHA `03A…`,
// hCaptcha `P1_…` or a UUID); anything else cannot be a token, so it costs no request.
const TOKEN_CHARACTERS = /^[\x21-\x7e]+$/;

/**
 * Asks the provider about one token: a form POST of `secret`, `response` and, when known, `remoteip`
 * (plus hCaptcha's `sitekey`), as each provider's site-verify API takes it. Never throws; the verdict
 * says whether to let the request through.
 */
export async function verifyCaptchaToken(
  token: string,
  remoteIp: string | null,
  options: ResolvedCaptchaOptions,
): Promise<CaptchaVerdict> {
  if (token.length > options.maxTokenLength) return { verdict: "fail", reason: "token too long" };
  if (!TOKEN_CHARACTERS.test(token)) return { verdict: "fail", reason: "token has characters no token has" };
  const form = new URLSearchParams({ secret: options.secretKey, response: token });
  const ip = options.sendRemoteIp ? plainAddress(remoteIp) : null;
  if (ip) form.set("remoteip", ip);
  if (options.siteKey) form.set("sitekey", options.siteKey);
  const reply = await postSiteVerify(options.siteVerifyURL, form, options.timeout);
  if (!reply.ok) return { verdict: "unavailable", reason: reply.reason };
  return judgeSiteVerifyAnswer(reply.answer, options);
}

/**
 * The address as the provider saw the browser: an IPv4 client seen through a dual-stack socket
 * (`::ffff:203.0.113.7`) is the IPv4 address; brackets and an IPv6 zone are dropped.
 */
export function plainAddress(ip: string | null): string | null {
  if (!ip) return null;
  let s = ip.trim();
  if (s.startsWith("[") && s.includes("]")) s = s.slice(1, s.indexOf("]"));
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(s);
  return (mapped ? mapped[1] : s) || null;
}
