import { methodsOf } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { emailOTPClient } from "./client.js";
import { emailOTP } from "./email-otp-plugin.js";
import { EMAIL_OTP_ROUTES } from "./routes-table.js";

describe("routes table", () => {
  it("matches the server's HTTP endpoints one to one", () => {
    const served = Object.values(emailOTP({ sendVerificationOTP: () => {} }).endpoints)
      .filter((e) => !e.config.serverOnly)
      .flatMap((e) => methodsOf(e.config).map((m) => `${m} ${e.config.path}`))
      .sort();
    const table = Object.values(EMAIL_OTP_ROUTES)
      .map((r) => `${r.method} ${r.path}`)
      .sort();
    expect(table).toEqual(served);
    expect(emailOTPClient().routes).toBe(EMAIL_OTP_ROUTES);
  });

  it("gives every route a per-client rate limit by default", () => {
    const plugin = emailOTP({ sendVerificationOTP: () => {} });
    for (const r of Object.values(EMAIL_OTP_ROUTES)) expect(plugin.rateLimit?.[r.path]).toBeTruthy();
  });

  it("refuses nonsensical options at startup", () => {
    expect(() => emailOTP({} as never)).toThrow(/sendVerificationOTP/);
    expect(() => emailOTP({ sendVerificationOTP: () => {}, otpLength: 3 })).toThrow(/otpLength/);
    expect(() => emailOTP({ sendVerificationOTP: () => {}, allowedAttempts: 0 })).toThrow(/allowedAttempts/);
  });
});
