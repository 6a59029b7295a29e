import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { passwordCheck } from "./index.js";
import type { PasswordCheckOptions } from "./index.js";

describe("passwordCheck() option names", () => {
  // As a JavaScript app would pass them: no type checker between the app and createAuth.
  const start = (options: Record<string, unknown>) => () =>
    createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      logger: { error: () => {}, warn: () => {} },
      plugins: [passwordCheck(options as unknown as PasswordCheckOptions)],
    });

  it("accepts every documented option, haveIBeenPwned's included", () => {
    expect(
      start({
        enabled: true,
        commonPasswords: true,
        extraPasswords: ["acme2026"],
        haveIBeenPwned: { enabled: false, timeoutMs: 1000, endpoint: "http://127.0.0.1:1/range/", minCount: 2 },
        minScore: 2,
        translations: {},
      }),
    ).not.toThrow();
  });

  it("refuses a misspelt option with the right name, at the top and inside haveIBeenPwned", () => {
    expect(start({ extraPassword: ["acme2026"] })).toThrow(
      "password-check().extraPassword (did you mean password-check().extraPasswords?)",
    );
    expect(start({ haveIBeenPwned: { enabled: true, timeout: 1000 } })).toThrow(
      "password-check().haveIBeenPwned.timeout (did you mean password-check().haveIBeenPwned.timeoutMs?)",
    );
  });
});
