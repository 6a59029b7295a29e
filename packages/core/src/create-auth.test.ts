import { describe, expect, it } from "vitest";
import { defineEndpoint } from "./api/define-endpoint.js";
import { definePlugin } from "./plugins/plugin-types.js";
import { makeTestAuth } from "./testing/make-test-auth.js";

const ping = defineEndpoint({ method: "GET", path: "/ok" }, async () => ({ pong: true }));

describe("createAuth composition", () => {
  it("fails at startup on a duplicate path, endpoint name, error code, schema field or plugin id", () => {
    expect(() => makeTestAuth({ plugins: [definePlugin({ id: "dup-path", endpoints: { ping } })] })).toThrow(
      /both answer GET \/ok/,
    );
    expect(() =>
      makeTestAuth({
        plugins: [
          definePlugin({
            id: "dup-name",
            endpoints: { ok: defineEndpoint({ method: "GET", path: "/other" }, async () => 1) },
          }),
        ],
      }),
    ).toThrow(/redefines endpoint ok/);
    expect(() =>
      makeTestAuth({
        plugins: [definePlugin({ id: "dup-error", errors: { INVALID_EMAIL: { status: 400, message: "x" } } })],
      }),
    ).toThrow(/error code INVALID_EMAIL/);
    expect(() =>
      makeTestAuth({
        plugins: [definePlugin({ id: "dup-field", schema: { user: { fields: { email: { type: "string" } } } } })],
      }),
    ).toThrow(/user\.email/);
    const p = definePlugin({ id: "twice" });
    expect(() => makeTestAuth({ plugins: [p, p] })).toThrow(/installed twice/);
  });

  it("exposes every error code with status and message", () => {
    const auth = makeTestAuth();
    expect(auth.$errors.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL).toMatchObject({
      status: 422,
      message: "User already exists",
    });
  });

  it("refuses to start in production without a strong secret", () => {
    const env = process.env.NODE_ENV;
    const fromEnv = process.env.GATEHOUSE_SECRET;
    process.env.NODE_ENV = "production";
    delete process.env.GATEHOUSE_SECRET;
    try {
      expect(() => makeTestAuth({ secret: undefined })).toThrow(/GATEHOUSE_SECRET/);
      expect(() => makeTestAuth({ secret: "" })).toThrow(/GATEHOUSE_SECRET/);
      expect(() => makeTestAuth({ secret: "gatehouse-development-secret-change-me-0123456789" })).toThrow(
        /Refusing to start/,
      );
      expect(() => makeTestAuth({ secret: "short" })).toThrow(/32 characters/);
      process.env.GATEHOUSE_SECRET = "s".repeat(40);
      expect(makeTestAuth({ secret: undefined }).options.secret).toBe("s".repeat(40));
    } finally {
      process.env.NODE_ENV = env;
      if (fromEnv === undefined) delete process.env.GATEHOUSE_SECRET;
      else process.env.GATEHOUSE_SECRET = fromEnv;
    }
  });

  it("warns once at startup when the development secret is in use, and not otherwise", () => {
    const fromEnv = process.env.GATEHOUSE_SECRET;
    delete process.env.GATEHOUSE_SECRET;
    try {
      const warnings: string[] = [];
      const logger = { error: () => {}, warn: (m: string) => warnings.push(m) };
      const auth = makeTestAuth({ secret: undefined, logger });
      expect(auth.options.secret).toBe("gatehouse-development-secret-change-me-0123456789");
      expect(warnings.filter((w) => w.includes("development secret"))).toHaveLength(1);
      expect(warnings.filter((w) => w.includes("development secret"))[0]).toContain("GATEHOUSE_SECRET");
      warnings.length = 0;
      makeTestAuth({ logger });
      process.env.GATEHOUSE_SECRET = "e".repeat(40);
      makeTestAuth({ secret: undefined, logger });
      expect(warnings.filter((w) => w.includes("development secret"))).toHaveLength(0);
    } finally {
      if (fromEnv === undefined) delete process.env.GATEHOUSE_SECRET;
      else process.env.GATEHOUSE_SECRET = fromEnv;
    }
  });
});
