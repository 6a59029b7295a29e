import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { bearer } from "./index.js";
import type { BearerOptions } from "./index.js";

describe("bearer() option names", () => {
  // As a JavaScript app would pass them: no type checker between the app and createAuth.
  const start =
    (...args: unknown[]) =>
    () =>
      createAuth({
        database: memoryAdapter(),
        secret: "test-secret-0123456789abcdef0123456789",
        logger: { error: () => {}, warn: () => {} },
        plugins: [bearer(...(args as [BearerOptions]))],
      });

  it("takes no options: bearer() and bearer({}) start", () => {
    expect(start()).not.toThrow();
    expect(start({})).not.toThrow();
  });

  it("refuses an option it does not have (better-auth's requireSignature: the signature is always required)", () => {
    expect(start({ requireSignature: false })).toThrow("unknown option bearer().requireSignature");
  });
});
