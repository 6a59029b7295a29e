import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { captcha } from "./index.js";
import type { CaptchaOptions } from "./index.js";

describe("captcha() option names", () => {
  // As a JavaScript app would pass them: no type checker between the app and createAuth.
  const start = (options: Record<string, unknown>) => () =>
    createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      logger: { error: () => {}, warn: () => {} },
      plugins: [captcha(options as unknown as CaptchaOptions)],
    });
  const common = {
    secretKey: "s",
    endpoints: ["/sign-in/email"],
    siteVerifyURL: "http://127.0.0.1:1/siteverify",
    timeout: 1000,
    expectedHostname: ["app.example.com"],
    sendRemoteIp: false,
    maxTokenLength: 2000,
  };

  it("accepts every documented option of each provider", () => {
    expect(start({ ...common, provider: "cloudflare-turnstile", expectedAction: "login" })).not.toThrow();
    expect(start({ ...common, provider: "google-recaptcha", minScore: 0.7, expectedAction: "login" })).not.toThrow();
    expect(start({ ...common, provider: "hcaptcha", siteKey: "site" })).not.toThrow();
  });

  it("refuses a misspelt option with the right name", () => {
    expect(start({ provider: "hcaptcha", secretKey: "s", expectedHostnames: ["app.example.com"] })).toThrow(
      "captcha().expectedHostnames (did you mean captcha().expectedHostname?)",
    );
  });
});
