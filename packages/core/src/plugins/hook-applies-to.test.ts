import { describe, expect, it } from "vitest";
import type { Endpoint } from "../api/define-endpoint.js";
import { AuthError, defineErrors } from "../errors/auth-error.js";
import { makeTestAuth } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";
import { hooksFor } from "./compose-plugins.js";
import { definePlugin, type HookRule } from "./plugin-types.js";

const ERRORS = defineErrors({ HOOKED: { status: 409, message: "Refused by the test hook" } });
const refuse = () => {
  throw new AuthError(ERRORS.HOOKED);
};

describe("HookRule.appliesTo", () => {
  it("runs a hook on exactly the endpoints it accepts, asking once per endpoint at startup", async () => {
    const asked: string[] = [];
    const appliesTo = (endpoint: Endpoint) => {
      asked.push(endpoint.config.path);
      return endpoint.config.path === "/ok";
    };
    const auth = makeTestAuth({
      plugins: [definePlugin({ id: "t", errors: ERRORS, hooks: { before: [{ appliesTo, run: refuse }] } })],
    });
    const client = createTestClient(auth);
    expect((await client.get("/ok")).body?.code).toBe("HOOKED");
    expect((await client.get("/get-session")).status).toBe(200);
    const afterStartup = asked.length;
    expect(afterStartup).toBe(Object.keys(auth.$context.endpoints).length);
    await client.get("/ok");
    await client.get("/ok/");
    // Decided from the endpoint, so requests never ask again (however the URL was spelled).
    expect(asked.length).toBe(afterStartup);
  });

  it("needs both a shared tag and appliesTo when a hook gives both; the matcher still decides per request", async () => {
    const hook: HookRule = {
      tags: ["creates-session"],
      appliesTo: (e) => e.config.path === "/sign-in/email",
      matcher: (ctx) => ctx.headers.get("x-hook") === "1",
      run: refuse,
    };
    const auth = makeTestAuth({ plugins: [definePlugin({ id: "t", errors: ERRORS, hooks: { before: [hook] } })] });
    const offered = Object.values(auth.$context.endpoints)
      .filter((e) => hooksFor(e, [hook]).length > 0)
      .map((e) => e.config.path);
    expect(offered).toEqual(["/sign-in/email"]);
    const client = createTestClient(auth);
    const body = { email: "nobody@example.com", password: "password-123" };
    expect((await client.post("/sign-in/email", body, { headers: { "x-hook": "1" } })).body?.code).toBe("HOOKED");
    expect((await client.post("/sign-in/email", body)).body?.code).toBe("INVALID_EMAIL_OR_PASSWORD");
    expect((await client.post("/sign-up/email", { ...body, name: "N" }, { headers: { "x-hook": "1" } })).status).toBe(
      200,
    );
  });
});
