import { describe, expect, it } from "vitest";
import {
  type CaptchaOptions,
  DEFAULT_PROTECTED_ENDPOINTS,
  SITE_VERIFY_URLS,
  resolveCaptchaOptions,
} from "./captcha-options.js";

describe("resolveCaptchaOptions", () => {
  it("fills in each provider's site-verify URL, the default endpoints, a 5 s timeout and reCAPTCHA's 0.5", () => {
    const o = resolveCaptchaOptions({ provider: "google-recaptcha", secretKey: "s" });
    expect(o.siteVerifyURL).toBe("https://www.google.com/recaptcha/api/siteverify");
    expect(o.endpoints).toEqual([...DEFAULT_PROTECTED_ENDPOINTS]);
    expect(o.timeout).toBe(5000);
    expect(o.minScore).toBe(0.5);
    expect(resolveCaptchaOptions({ provider: "hcaptcha", secretKey: "s" }).siteVerifyURL).toBe(
      SITE_VERIFY_URLS.hcaptcha,
    );
    expect(resolveCaptchaOptions({ provider: "cloudflare-turnstile", secretKey: "s" }).minScore).toBeNull();
  });

  it.each([
    [{ provider: "recaptcha", secretKey: "s" }, /unknown provider/],
    [{ provider: "hcaptcha", secretKey: " " }, /secretKey/],
    [{ provider: "hcaptcha", secretKey: "s", endpoints: [] }, /no endpoint/],
    [{ provider: "hcaptcha", secretKey: "s", endpoints: ["sign-up/email"] }, /invalid endpoint path/],
    [{ provider: "hcaptcha", secretKey: "s", endpoints: ["/sign-up/*/x"] }, /invalid endpoint path/],
    [{ provider: "hcaptcha", secretKey: "s", siteVerifyURL: "file:///etc/passwd" }, /siteVerifyURL/],
    [{ provider: "hcaptcha", secretKey: "s", siteVerifyURL: "https://u:p@example.com/" }, /siteVerifyURL/],
    [{ provider: "hcaptcha", secretKey: "s", timeout: 0 }, /timeout/],
    [{ provider: "hcaptcha", secretKey: "s", timeout: Number.POSITIVE_INFINITY }, /timeout/],
    [{ provider: "google-recaptcha", secretKey: "s", minScore: 1.5 }, /minScore/],
    [{ provider: "hcaptcha", secretKey: "s", expectedHostname: [] }, /expectedHostname/],
  ])("refuses %j at startup", (options, message) => {
    expect(() => resolveCaptchaOptions(options as unknown as CaptchaOptions)).toThrow(message);
  });
});
