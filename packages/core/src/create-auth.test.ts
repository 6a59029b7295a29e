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
    expect(auth.$errors.USER_ALREADY_EXISTS).toMatchObject({ status: 422, message: "User already exists" });
  });

  it("refuses to start in production without a strong secret", () => {
    const env = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      expect(() => makeTestAuth({ secret: undefined })).toThrow(/secret/);
      expect(() => makeTestAuth({ secret: "short" })).toThrow(/32 characters/);
    } finally {
      process.env.NODE_ENV = env;
    }
  });
});
