import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { twoFactor } from "./index.js";
import type { TwoFactorOptions } from "./index.js";

describe("twoFactor() option names", () => {
  // As a JavaScript app would pass them: no type checker between the app and createAuth.
  const start = (options: Record<string, unknown>) => () =>
    createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      logger: { error: () => {}, warn: () => {} },
      plugins: [twoFactor(options as unknown as TwoFactorOptions)],
    });

  it("accepts documented options at every level, its route paths included", () => {
    expect(
      start({
        issuer: "Acme",
        totp: { digits: 6, period: 30, window: 1 },
        otp: { sendOTP: () => {}, digits: 6, expiresIn: 300, maxSends: 3, sendLimit: { window: 600, max: 3 } },
        backupCodes: { amount: 10, length: 10 },
        challenge: { expiresIn: 300, allowedAttempts: 5 },
        trustDevice: { maxAge: 86_400 },
        twoFactorPage: "/2fa",
        rateLimit: { "/two-factor/verify-totp": { window: 60, max: 5 }, "/two-factor/enable": false },
      }),
    ).not.toThrow();
  });

  it("refuses a misspelt option with the right name, at the top, nested and in the route paths", () => {
    expect(start({ isuer: "Acme" })).toThrow("two-factor().isuer (did you mean two-factor().issuer?)");
    expect(start({ totp: { digit: 8 } })).toThrow("two-factor().totp.digit (did you mean two-factor().totp.digits?)");
    expect(start({ rateLimit: { "/two-factor/verify-totps": false } })).toThrow(
      "two-factor().rateLimit./two-factor/verify-totps (did you mean two-factor().rateLimit./two-factor/verify-totp?)",
    );
  });
});
