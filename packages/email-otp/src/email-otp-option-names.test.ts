import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { emailOTP } from "./index.js";
import type { EmailOtpOptions } from "./index.js";

describe("emailOTP() option names", () => {
  // As a JavaScript app would pass them: no type checker between the app and createAuth.
  const start = (options: Record<string, unknown>) => () =>
    createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      logger: { error: () => {}, warn: () => {} },
      plugins: [emailOTP(options as unknown as EmailOtpOptions)],
    });

  const sendVerificationOTP = () => {};

  it("accepts every documented option, its route paths and rate-limit rules included", () => {
    expect(
      start({
        sendVerificationOTP,
        otpLength: 8,
        expiresIn: 600,
        allowedAttempts: 3,
        sendLimit: { window: 3600, max: 4 },
        disableSignUp: true,
        rateLimit: { "/sign-in/email-otp": { window: 60, max: 5 }, "/email-otp/verify-email": false },
      }),
    ).not.toThrow();
  });

  it("refuses a misspelt option or route path with the right one", () => {
    expect(start({ sendVerificationOTP, allowedAttempt: 3 })).toThrow(
      "email-otp().allowedAttempt (did you mean email-otp().allowedAttempts?)",
    );
    expect(start({ sendVerificationOTP, rateLimit: { "/sign-in/email-otps": false } })).toThrow(
      "email-otp().rateLimit./sign-in/email-otps (did you mean email-otp().rateLimit./sign-in/email-otp?)",
    );
  });
});
