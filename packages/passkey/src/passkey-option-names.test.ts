import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { passkey } from "./index.js";
import type { PasskeyOptions } from "./index.js";

describe("passkey() option names", () => {
  // As a JavaScript app would pass them: no type checker between the app and createAuth.
  const start = (options: Record<string, unknown>) => () =>
    createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      logger: { error: () => {}, warn: () => {} },
      plugins: [passkey(options as unknown as PasskeyOptions)],
    });

  it("accepts every documented option, its route paths and rate-limit rules included", () => {
    expect(
      start({
        rpID: "example.com",
        rpName: "Example",
        origin: ["https://app.example.com"],
        challengeExpiresIn: 120,
        authenticatorAttachment: "platform",
        rateLimit: { "/passkey/verify-authentication": { window: 60, max: 5 }, "/passkey/delete-passkey": false },
      }),
    ).not.toThrow();
  });

  it("refuses a misspelt option or route path with the right one", () => {
    expect(start({ rpId: "example.com" })).toThrow("passkey().rpId (did you mean passkey().rpID?)");
    expect(start({ rateLimit: { "/passkey/verify-authentcation": false } })).toThrow(
      "passkey().rateLimit./passkey/verify-authentcation (did you mean passkey().rateLimit./passkey/verify-authentication?)",
    );
  });
});
