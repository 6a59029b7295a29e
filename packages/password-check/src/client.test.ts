import { describe, expect, it } from "vitest";
import { isPasswordCompromised, isPasswordTooWeak, PASSWORD_CHECK_ERROR_CODES, passwordCheckClient } from "./client.js";
import { PASSWORD_CHECK_ERRORS } from "./password-check-errors.js";
import { createTestClient, makeCheckAuth, newEmail } from "./test-helpers.js";

describe("client", () => {
  it("exports exactly the server catalogue's codes", () => {
    expect(Object.keys(PASSWORD_CHECK_ERROR_CODES).sort()).toEqual(Object.keys(PASSWORD_CHECK_ERRORS).sort());
    expect(passwordCheckClient().id).toBe("password-check");
  });

  it("recognises the server's refusals", async () => {
    const { auth } = makeCheckAuth({ minScore: 4 });
    const client = createTestClient(auth);
    const common = await client.post("/sign-up/email", { name: "N", email: newEmail(), password: "password" });
    expect(isPasswordCompromised(common.body)).toBe(true);
    expect(isPasswordTooWeak(common.body)).toBe(false);
    const weak = await client.post("/sign-up/email", { name: "N", email: newEmail(), password: "abcdef1234" });
    expect(isPasswordTooWeak(weak.body)).toBe(true);
    if (isPasswordTooWeak(weak.body)) expect(Array.isArray(weak.body.feedback.suggestions)).toBe(true);
    expect(isPasswordCompromised(null)).toBe(false);
    expect(isPasswordTooWeak({ code: "PASSWORD_TOO_SHORT" })).toBe(false);
  });
});
