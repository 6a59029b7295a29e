import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { phoneNumber } from "./index.js";
import type { PhoneNumberOptions } from "./index.js";

describe("phoneNumber() option names", () => {
  // As a JavaScript app would pass them: no type checker between the app and createAuth.
  const start = (options: Record<string, unknown>) => () =>
    createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      logger: { error: () => {}, warn: () => {} },
      plugins: [phoneNumber(options as unknown as PhoneNumberOptions)],
    });

  const sendOTP = () => {};

  it("accepts every documented option, nested ones and its route paths included", () => {
    expect(
      start({
        sendOTP,
        sendPasswordResetOTP: () => {},
        otpLength: 6,
        expiresIn: 300,
        allowedAttempts: 3,
        sendLimit: { window: 3600, max: 4 },
        defaultCountry: "GB",
        numberCheck: "valid",
        signUpOnVerification: { getTempEmail: (n: string) => `${n}@phone.invalid`, getTempName: (n: string) => n },
        rateLimit: { "/sign-in/phone-number": { window: 10, max: 2 }, "/phone-number/update": false },
      }),
    ).not.toThrow();
  });

  it("refuses a misspelt option with the right name, at the top and nested", () => {
    expect(start({ sendOTP, defaultCountries: "GB" })).toThrow(
      "phone-number().defaultCountries (did you mean phone-number().defaultCountry?)",
    );
    expect(start({ sendOTP, signUpOnVerification: { getTempEmail: () => "a@b.c", getTmpName: () => "x" } })).toThrow(
      "phone-number().signUpOnVerification.getTmpName (did you mean phone-number().signUpOnVerification.getTempName?)",
    );
  });
});
