import { describe, expect, it } from "vitest";
import { definePlugin } from "../plugins/plugin-types.js";
import { MAX_INPUT_DEPTH } from "../schema/field-limits.js";
import { createTestClient } from "../testing/test-client.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";
import { defineEndpoint } from "./define-endpoint.js";
import { jsonTextDepth } from "./parse-json-body.js";

const raw = { raw: true, headers: { "content-type": "application/json" } };

describe("JSON request bodies", () => {
  it("refuses a 20,000-deep body with 400 JSON_TOO_DEEP (no stack overflow, no 500)", async () => {
    const client = createTestClient(makeTestAuth());
    const depth = 20_000;
    for (const body of [
      `{"email":${"[".repeat(depth)}${"]".repeat(depth)}}`,
      `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
      "[".repeat(depth), // unterminated: the depth is known before the syntax error
    ]) {
      const r = await client.post("/sign-in/email", body, raw);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("JSON_TOO_DEEP");
    }
  });

  it(`allows ${MAX_INPUT_DEPTH} levels and refuses one more; brackets inside strings do not count`, async () => {
    const client = createTestClient(makeTestAuth());
    const nested = (levels: number) => `${"[".repeat(levels - 1)}${"]".repeat(levels - 1)}`;
    const atLimit = await client.post("/sign-in/email", `{"email":${nested(MAX_INPUT_DEPTH)}}`, raw);
    expect(atLimit.body.code).toBe("VALIDATION_ERROR"); // decoded; the schema refuses an array email
    const over = await client.post("/sign-in/email", `{"email":${nested(MAX_INPUT_DEPTH + 1)}}`, raw);
    expect(over.body.code).toBe("JSON_TOO_DEEP");
    const inString = await client.post(
      "/sign-in/email",
      JSON.stringify({ email: `${"[{".repeat(100)}\\"@example.com`, password: "password-123" }),
      raw,
    );
    expect(inString.body.code).not.toBe("JSON_TOO_DEEP");
    expect(jsonTextDepth('["\\"[[[", {"a": "]]]"}]', 32)).toBe(2);
  });

  it("drops __proto__ and constructor keys at every level, escaped spellings too: nothing is polluted", async () => {
    // An endpoint without a body schema sees the decoded body as is.
    const echo = defineEndpoint({ method: "POST", path: "/test/echo" }, async (ctx) => {
      const body = ctx.body as unknown as Record<string, Record<string, unknown>>;
      const merged = Object.assign({}, body.nested);
      return {
        keys: Object.keys(body),
        nestedKeys: Object.keys(body.nested ?? {}),
        plainPrototype: Object.getPrototypeOf(body) === Object.prototype,
        mergedPrototypeIsPlain: Object.getPrototypeOf(merged) === Object.prototype,
      };
    });
    const auth = makeTestAuth({ plugins: [definePlugin({ id: "echo", endpoints: { echo } })] });
    const client = createTestClient(auth);
    const body =
      '{"a":1,"__proto__":{"polluted":"yes"},"\\u005f_proto__":{"polluted":"yes"},' +
      '"constructor":{"prototype":{"polluted":"yes"}},"toString":"kept",' +
      '"nested":{"__proto__":{"isAdmin":true},"constructor":1,"b":2}}';
    const r = await client.post("/test/echo", body, raw);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      keys: ["a", "toString", "nested"],
      nestedKeys: ["b"],
      plainPrototype: true,
      mergedPrototypeIsPlain: true,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const form = await createTestClient(auth).post("/test/echo", "a=1", {
      raw: true,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415); // forms only where an endpoint declares acceptsForm
  });

  it("keys named after Object.prototype members never cause a 500, on any route", async () => {
    const auth = makeTestAuth({
      user: { changeEmail: { enabled: true }, deleteUser: { enabled: true } },
      emailAndPassword: { sendResetPassword: () => {} },
      emailVerification: { sendVerificationEmail: () => {} },
    });
    const { client } = await signUpUser(auth);
    const names = ["__proto__", "constructor", "hasOwnProperty", "toString", "valueOf", "prototype"];
    const routes = [
      "/sign-up/email",
      "/sign-in/email",
      "/update-user",
      "/change-email",
      "/change-password",
      "/request-password-reset",
      "/reset-password",
      "/send-verification-email",
      "/revoke-session",
      "/delete-user",
      "/sign-in/social",
      "/link-social",
      "/unlink-account",
    ];
    for (const route of routes) {
      for (const name of names) {
        for (const body of [
          `{"${name}":"x"}`,
          `{"${name}":{"${name}":["x"]}}`,
          `{"email":"a@example.com","password":"password-123","name":"n","${name}":{}}`,
          `{"name":{"${name}":1},"email":{"${name}":1}}`,
        ]) {
          const r = await client.post(route, body, raw);
          expect(r.status, `${route} ${body}`).toBeLessThan(500);
        }
      }
    }
  });
});
