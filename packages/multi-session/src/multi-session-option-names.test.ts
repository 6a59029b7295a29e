import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { multiSession } from "./index.js";
import type { MultiSessionOptions } from "./index.js";

describe("multiSession() option names", () => {
  // As a JavaScript app would pass them: no type checker between the app and createAuth.
  const start = (options: Record<string, unknown>) => () =>
    createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      logger: { error: () => {}, warn: () => {} },
      plugins: [multiSession(options as unknown as MultiSessionOptions)],
    });

  it("accepts every documented option, its route paths and rate-limit rules included", () => {
    expect(
      start({
        maximumSessions: 3,
        rateLimit: {
          "/multi-session/list-device-sessions": { window: 60, max: 10 },
          "/multi-session/set-active": false,
          "/multi-session/revoke": { window: 60, max: 5 },
        },
      }),
    ).not.toThrow();
  });

  it("refuses a misspelt option or route path with the right one", () => {
    expect(start({ maximumSession: 3 })).toThrow(
      "multi-session().maximumSession (did you mean multi-session().maximumSessions?)",
    );
    expect(start({ rateLimit: { "/multi-session/set-activ": false } })).toThrow(
      "multi-session().rateLimit./multi-session/set-activ (did you mean multi-session().rateLimit./multi-session/set-active?)",
    );
  });
});
