import { describe, expect, it } from "vitest";
import { passwordCheck } from "./password-check-plugin.js";
import { resolvePasswordCheckOptions } from "./password-check-options.js";

describe("options", () => {
  it("defaults: on, common list on, no network, no strength check", () => {
    expect(resolvePasswordCheckOptions()).toEqual({
      enabled: true,
      commonPasswords: true,
      extraPasswords: [],
      haveIBeenPwned: {
        enabled: false,
        timeoutMs: 1500,
        endpoint: "https://api.pwnedpasswords.com/range/",
        minCount: 1,
      },
      minScore: null,
      translations: null,
    });
  });

  it("refuses options that would check nothing or hang", () => {
    expect(() => passwordCheck({ minScore: 5 as 4 })).toThrow(/minScore/);
    expect(() => passwordCheck({ haveIBeenPwned: { timeoutMs: 0 } })).toThrow(/timeoutMs/);
    expect(() => passwordCheck({ haveIBeenPwned: { timeoutMs: Number.POSITIVE_INFINITY } })).toThrow(/timeoutMs/);
    expect(() => passwordCheck({ haveIBeenPwned: { minCount: 0 } })).toThrow(/minCount/);
    expect(() => passwordCheck({ haveIBeenPwned: { endpoint: "file:///etc/passwd" } })).toThrow(/endpoint/);
  });

  it("adds the trailing slash the prefix is appended after", () => {
    expect(
      resolvePasswordCheckOptions({ haveIBeenPwned: { endpoint: "http://127.0.0.1:1/range" } }).haveIBeenPwned.endpoint,
    ).toBe("http://127.0.0.1:1/range/");
  });
});
