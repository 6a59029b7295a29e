import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { jwt } from "./index.js";
import type { JwtOptions } from "./index.js";

describe("jwt() option names", () => {
  // As a JavaScript app would pass them: no type checker between the app and createAuth.
  const start = (options: Record<string, unknown>) => () =>
    createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      logger: { error: () => {}, warn: () => {} },
      plugins: [jwt(options as unknown as JwtOptions)],
    });

  it("accepts every documented option, rotation's included, and rotation: false", () => {
    expect(
      start({
        algorithm: "ES256",
        expiresIn: 600,
        issuer: "https://app.example.com",
        audience: ["api"],
        definePayload: () => ({}),
        rotation: { interval: 86_400 * 7, overlap: 86_400 },
        setJwtHeader: false,
        cacheSize: 10,
      }),
    ).not.toThrow();
    expect(start({ rotation: false })).not.toThrow();
  });

  it("refuses a misspelt option with the right name, at the top and inside rotation", () => {
    expect(start({ expiresin: 600 })).toThrow("jwt().expiresin (did you mean jwt().expiresIn?)");
    expect(start({ rotation: { intervall: 86_400 * 7 } })).toThrow(
      "jwt().rotation.intervall (did you mean jwt().rotation.interval?)",
    );
  });
});
