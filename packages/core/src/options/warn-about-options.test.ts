// Start-up warnings an operator can act on: each names what to change.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { memoryAdapter } from "../adapter/memory-adapter.js";
import { createAuth } from "../create-auth.js";
import type { AuthOptions } from "./auth-options.js";

const STRONG = "test-secret-0123456789abcdef0123456789";
const VARIABLES = ["NODE_ENV", "GATEHOUSE_SECRET", "BETTER_AUTH_SECRET", "AUTH_SECRET", "NEXTAUTH_SECRET"];

describe("start-up warnings", () => {
  let saved: Record<string, string | undefined> = {};
  beforeEach(() => {
    saved = Object.fromEntries(VARIABLES.map((v) => [v, process.env[v]]));
    for (const v of VARIABLES) delete process.env[v];
  });
  afterEach(() => {
    for (const [v, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[v];
      else process.env[v] = value;
    }
  });
  const warningsOf = (options: Partial<AuthOptions>) => {
    const warnings: string[] = [];
    createAuth({
      database: memoryAdapter(),
      logger: { error: () => {}, warn: (m: string) => void warnings.push(m) },
      ...options,
    });
    return warnings;
  };

  it("production with an http:// base URL warns that cookies go without Secure", () => {
    process.env.NODE_ENV = "production";
    const [warning, ...rest] = warningsOf({ secret: STRONG, baseURL: "http://app.example.com" });
    expect(warning).toContain("http:// base URL (http://app.example.com)");
    expect(warning).toContain("without Secure");
    expect(rest).toEqual([]);
  });

  it("but not for https, loopback addresses, forced Secure cookies, or outside production", () => {
    process.env.NODE_ENV = "production";
    for (const baseURL of [
      "https://app.example.com",
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ])
      expect(warningsOf({ secret: STRONG, baseURL })).toEqual([]);
    expect(
      warningsOf({ secret: STRONG, baseURL: "http://app.example.com", advanced: { useSecureCookies: true } }),
    ).toEqual([]);
    process.env.NODE_ENV = "development";
    expect(warningsOf({ secret: STRONG, baseURL: "http://app.example.com" })).toEqual([]);
  });

  it("a short secret warns in development, naming where it came from; production refuses it", () => {
    expect(warningsOf({ secret: "short-secret" })).toEqual([
      expect.stringContaining("`secret` option has 12 characters"),
    ]);
    process.env.GATEHOUSE_SECRET = "also-short";
    expect(warningsOf({})).toEqual([expect.stringContaining("GATEHOUSE_SECRET has 10 characters")]);
    expect(warningsOf({ secret: STRONG })).toEqual([]);
    process.env.NODE_ENV = "production";
    expect(() => warningsOf({ secret: "short-secret" })).toThrow(/at least 32 characters/);
  });

  it("the development-secret warning names GATEHOUSE_SECRET and the variables it ignored", () => {
    const [plain] = warningsOf({});
    expect(plain).toContain("GATEHOUSE_SECRET is not set");
    expect(plain).not.toContain("BETTER_AUTH_SECRET");
    process.env.BETTER_AUTH_SECRET = "b".repeat(40);
    process.env.AUTH_SECRET = "a".repeat(40);
    const [warning, ...rest] = warningsOf({});
    expect(warning).toContain("development secret");
    expect(warning).toContain("BETTER_AUTH_SECRET and AUTH_SECRET are set but not read");
    expect(rest).toEqual([]);
  });
});
