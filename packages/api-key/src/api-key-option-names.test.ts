import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { apiKey } from "./index.js";
import type { ApiKeyOptions } from "./index.js";

describe("apiKey() option names", () => {
  // As a JavaScript app would pass them: no type checker between the app and createAuth.
  const start = (options: Record<string, unknown>) => () =>
    createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      logger: { error: () => {}, warn: () => {} },
      plugins: [apiKey(options as unknown as ApiKeyOptions)],
    });

  it("accepts every documented option, and the app's own permission statements", () => {
    expect(
      start({
        headerName: "x-acme-key",
        defaultPrefix: "acme_",
        keyLength: 64,
        startLength: 6,
        defaultExpiresIn: 86_400,
        defaultPermissions: { files: ["read"] },
        rateLimit: { enabled: true, timeWindow: 60, maxRequests: 10 },
      }),
    ).not.toThrow();
  });

  it("refuses a misspelt option with the right name, at the top and inside rateLimit", () => {
    expect(start({ headername: "x-acme-key" })).toThrow("api-key().headername (did you mean api-key().headerName?)");
    expect(start({ rateLimit: { maxRequest: 10 } })).toThrow(
      "api-key().rateLimit.maxRequest (did you mean api-key().rateLimit.maxRequests?)",
    );
  });
});
