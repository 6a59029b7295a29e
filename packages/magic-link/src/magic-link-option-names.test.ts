import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { magicLink } from "./index.js";
import type { MagicLinkOptions } from "./index.js";

describe("magicLink() option names", () => {
  // As a JavaScript app would pass them: no type checker between the app and createAuth.
  const start = (options: Record<string, unknown>) => () =>
    createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      logger: { error: () => {}, warn: () => {} },
      plugins: [magicLink(options as unknown as MagicLinkOptions)],
    });

  const sendMagicLink = () => {};

  it("accepts every documented option, its route paths and rate-limit rules included", () => {
    expect(
      start({
        sendMagicLink,
        expiresIn: 600,
        disableSignUp: true,
        sendLimit: { window: 600, max: 3 },
        rateLimit: { "/sign-in/magic-link": { window: 60, max: 2 }, "/magic-link/verify": false },
      }),
    ).not.toThrow();
  });

  it("refuses a misspelt option, route path or rule name with the right one", () => {
    expect(start({ sendMagicLink, expireIn: 600 })).toThrow(
      "magic-link().expireIn (did you mean magic-link().expiresIn?)",
    );
    expect(start({ sendMagicLink, rateLimit: { "/magic-link/verfy": false } })).toThrow(
      "magic-link().rateLimit./magic-link/verfy (did you mean magic-link().rateLimit./magic-link/verify?)",
    );
    expect(start({ sendMagicLink, sendLimit: { window: 600, max: 3, windows: 600 } })).toThrow(
      "magic-link().sendLimit.windows (did you mean magic-link().sendLimit.window?)",
    );
  });
});
