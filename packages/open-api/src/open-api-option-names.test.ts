import { createAuth, memoryAdapter } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { openAPI } from "./index.js";
import type { OpenAPIOptions } from "./index.js";

describe("openAPI() option names", () => {
  // As a JavaScript app would pass them: no type checker between the app and createAuth.
  const start = (options: Record<string, unknown>) => () =>
    createAuth({
      database: memoryAdapter(),
      secret: "test-secret-0123456789abcdef0123456789",
      logger: { error: () => {}, warn: () => {} },
      plugins: [openAPI(options as unknown as OpenAPIOptions)],
    });

  it("accepts every documented option", () => {
    expect(
      start({ path: "/docs", disableDefaultReference: true, title: "Acme", version: "2.0.0", theme: "dark" }),
    ).not.toThrow();
  });

  it("refuses a misspelt option with the right name", () => {
    expect(start({ disableDefaultReferences: true })).toThrow(
      "open-api().disableDefaultReferences (did you mean open-api().disableDefaultReference?)",
    );
  });
});
