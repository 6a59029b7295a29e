import { describe, expect, it } from "vitest";
import { definePlugin } from "../plugins/plugin-types.js";
import { createTestClient } from "../testing/test-client.js";
import { makeTestAuth } from "../testing/make-test-auth.js";

describe("GET /capabilities", () => {
  it("names the methods and plugins that are on, without a session", async () => {
    const auth = makeTestAuth({
      emailAndPassword: { enabled: true, minPasswordLength: 12 },
      socialProviders: { github: { clientId: "cid", clientSecret: "very-secret" } },
      plugins: [definePlugin({ id: "two-factor-lookalike" })],
    });
    const r = await createTestClient(auth).get("/capabilities");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      emailAndPassword: {
        enabled: true,
        signUp: true,
        minPasswordLength: 12,
        maxPasswordLength: 128,
        requireEmailVerification: false,
      },
      socialProviders: [{ id: "github", name: "GitHub" }],
      plugins: ["two-factor-lookalike"],
    });
    // Never a secret or a client id.
    expect(r.text).not.toContain("very-secret");
    expect(r.text).not.toContain("cid");
  });

  it("says when password sign-up or password sign-in is off", async () => {
    const closed = makeTestAuth({ emailAndPassword: { enabled: true, disableSignUp: true } });
    expect((await createTestClient(closed).get("/capabilities")).body.emailAndPassword).toMatchObject({
      enabled: true,
      signUp: false,
    });
    const off = makeTestAuth({ emailAndPassword: { enabled: false } });
    expect((await createTestClient(off).get("/capabilities")).body.emailAndPassword).toMatchObject({
      enabled: false,
      signUp: false,
    });
  });
});
