import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CaptchaOptions, type CaptchaProvider, resolveCaptchaOptions } from "./captcha-options.js";
import { type FakeSiteVerify, startFakeSiteVerify } from "./fake-site-verify.test-helper.js";
import { plainAddress, verifyCaptchaToken } from "./verify-captcha-token.js";

const PROVIDERS: CaptchaProvider[] = ["cloudflare-turnstile", "google-recaptcha", "hcaptcha"];
const fakes = {} as Record<CaptchaProvider, FakeSiteVerify>;
beforeAll(async () => {
  for (const p of PROVIDERS) fakes[p] = await startFakeSiteVerify(p);
});
afterAll(() => Promise.all(PROVIDERS.map((p) => fakes[p].close())));

/** Resolved options pointing at the provider's fake; `extra` may carry provider-specific options. */
function optionsFor(provider: CaptchaProvider, extra: Record<string, unknown> = {}) {
  const fake = fakes[provider];
  return resolveCaptchaOptions({
    provider,
    secretKey: fake.secret,
    siteVerifyURL: fake.url,
    ...extra,
  } as CaptchaOptions);
}

describe.each(PROVIDERS)("%s", (provider) => {
  it("passes a fresh token once, then refuses it as the provider does", async () => {
    const fake = fakes[provider];
    const token = fake.issue({ ip: "203.0.113.7" });
    expect(await verifyCaptchaToken(token, "203.0.113.7", optionsFor(provider))).toEqual({ verdict: "pass" });
    const seen = fake.requests.at(-1);
    expect(seen?.contentType).toBe("application/x-www-form-urlencoded");
    expect(seen?.fields).toMatchObject({ secret: fake.secret, response: token, remoteip: "203.0.113.7" });
    expect(await verifyCaptchaToken(token, "203.0.113.7", optionsFor(provider))).toMatchObject({ verdict: "fail" });
  });

  it("refuses an unknown token, and a token solved from another address", async () => {
    const fake = fakes[provider];
    expect(await verifyCaptchaToken("0.unknown", null, optionsFor(provider))).toMatchObject({ verdict: "fail" });
    const token = fake.issue({ ip: "203.0.113.7" });
    expect(await verifyCaptchaToken(token, "198.51.100.1", optionsFor(provider))).toMatchObject({ verdict: "fail" });
  });

  it("treats a wrong secret as the operator's problem (503), not a failed visitor", async () => {
    const opts = { ...optionsFor(provider), secretKey: "not-the-secret" };
    const verdict = await verifyCaptchaToken(fakes[provider].issue(), null, opts);
    expect(verdict).toEqual({ verdict: "unavailable", reason: "refused our request: invalid-input-secret" });
  });

  it("refuses an answer for another hostname when one is expected", async () => {
    const fake = fakes[provider];
    const opts = optionsFor(provider, { expectedHostname: ["app.example.com", "www.example.com"] });
    expect(await verifyCaptchaToken(fake.issue({ hostname: "WWW.example.com" }), null, opts)).toEqual({
      verdict: "pass",
    });
    expect(await verifyCaptchaToken(fake.issue({ hostname: "evil.example" }), null, opts)).toMatchObject({
      verdict: "fail",
    });
  });

  it("cannot smuggle fields into the form through the token", async () => {
    const fake = fakes[provider];
    const token = `${fake.issue()}&secret=x&remoteip=1.1.1.1`;
    expect(await verifyCaptchaToken(token, null, optionsFor(provider))).toMatchObject({ verdict: "fail" });
    expect(fake.requests.at(-1)?.fields).toEqual({ secret: fake.secret, response: token });
    const before = fake.requests.length;
    expect(await verifyCaptchaToken("0.a\r\nsecret: x", null, optionsFor(provider))).toMatchObject({ verdict: "fail" });
    expect(fake.requests.length).toBe(before);
  });

  describe("a provider that misbehaves is no answer (503), within the timeout", () => {
    const cases = ["hang", "drip", "html", "status-500", "huge", "no-success"] as const;
    it.each(cases)("%s", async (mode) => {
      const fake = fakes[provider];
      fake.misbehave(mode);
      try {
        const started = Date.now();
        const verdict = await verifyCaptchaToken(fake.issue(), null, { ...optionsFor(provider), timeout: 300 });
        expect(verdict.verdict).toBe("unavailable");
        expect(Date.now() - started).toBeLessThan(1500);
      } finally {
        fake.misbehave(null);
      }
    });

    it("a redirect is not followed: the secret goes nowhere else", async () => {
      const fake = fakes[provider];
      const elsewhere = await startFakeSiteVerify(provider);
      fake.misbehave("redirect", elsewhere.url);
      try {
        const verdict = await verifyCaptchaToken(fake.issue(), null, optionsFor(provider));
        expect(verdict).toEqual({ verdict: "unavailable", reason: "answered HTTP 307" });
        expect(elsewhere.requests).toEqual([]);
      } finally {
        fake.misbehave(null);
        await elsewhere.close();
      }
    });
  });
});

describe("google-recaptcha v3", () => {
  const fake = () => fakes["google-recaptcha"];
  it("refuses a score below the minimum (0.5 by default) and accepts one at or above it", async () => {
    const opts = optionsFor("google-recaptcha");
    expect(await verifyCaptchaToken(fake().issue({ score: 0.5 }), null, opts)).toEqual({ verdict: "pass" });
    expect(await verifyCaptchaToken(fake().issue({ score: 0.4 }), null, opts)).toMatchObject({ verdict: "fail" });
    const strict = optionsFor("google-recaptcha", { minScore: 0.9 });
    expect(await verifyCaptchaToken(fake().issue({ score: 0.7 }), null, strict)).toMatchObject({ verdict: "fail" });
  });

  it("checks the action when one is configured", async () => {
    const opts = optionsFor("google-recaptcha", { expectedAction: "signup" });
    expect(await verifyCaptchaToken(fake().issue({ score: 0.9, action: "signup" }), null, opts)).toEqual({
      verdict: "pass",
    });
    expect(await verifyCaptchaToken(fake().issue({ score: 0.9, action: "login" }), null, opts)).toMatchObject({
      verdict: "fail",
    });
  });

  it("passes a v2 answer, which carries no score", async () => {
    expect(await verifyCaptchaToken(fake().issue(), null, optionsFor("google-recaptcha"))).toEqual({ verdict: "pass" });
  });
});

describe("cloudflare-turnstile action", () => {
  it("refuses a token solved for another widget action", async () => {
    const fake = fakes["cloudflare-turnstile"];
    const opts = optionsFor("cloudflare-turnstile", { expectedAction: "login" });
    expect(await verifyCaptchaToken(fake.issue({ action: "login" }), null, opts)).toEqual({ verdict: "pass" });
    expect(await verifyCaptchaToken(fake.issue({ action: "newsletter" }), null, opts)).toMatchObject({
      verdict: "fail",
    });
  });
});

describe("hcaptcha sitekey", () => {
  it("sends the site key; one that does not go with the secret is a misconfiguration (503)", async () => {
    const fake = fakes.hcaptcha;
    expect(await verifyCaptchaToken(fake.issue(), null, optionsFor("hcaptcha", { siteKey: fake.siteKey }))).toEqual({
      verdict: "pass",
    });
    expect(fake.requests.at(-1)?.fields.sitekey).toBe(fake.siteKey);
    const wrong = await verifyCaptchaToken(fake.issue(), null, optionsFor("hcaptcha", { siteKey: "other-site" }));
    expect(wrong).toEqual({ verdict: "unavailable", reason: "refused our request: sitekey-secret-mismatch" });
  });
});

describe("plainAddress", () => {
  it("sends the address the provider saw", () => {
    expect(plainAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(plainAddress("[2001:db8::1]")).toBe("2001:db8::1");
    expect(plainAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(plainAddress(null)).toBeNull();
  });
});
