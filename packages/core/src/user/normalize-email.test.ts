import { describe, expect, it } from "vitest";
import { makeTestAuth } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";
import { normalizeEmail } from "./normalize-email.js";

describe("normalizeEmail", () => {
  it("trims, lowercases and composes: one address however it is typed", () => {
    expect(normalizeEmail("  José@Example.COM ")).toBe("josé@example.com");
    expect(normalizeEmail("jose\u0301@example.com")).toBe("josé@example.com");
  });

  it.each([
    ["zero-width space", "a\u200b@example.com"],
    ["right-to-left override", "\u202emoc.elpmaxe@a"],
    ["a control character", "a\u0001@example.com"],
    ["an inner space", "a b@example.com"],
    ["255 characters", `${"a".repeat(243)}@example.com`],
    ["no dot in the domain", "a@example"],
  ])("refuses %s", (_label, raw) => {
    expect(() => normalizeEmail(raw)).toThrow(expect.objectContaining({ code: "INVALID_EMAIL" }));
  });

  it("accepts 254 characters, the RFC 5321 maximum", () => {
    expect(normalizeEmail(`${"a".repeat(242)}@example.com`)).toHaveLength(254);
  });

  it("a decomposed spelling signs in to the composed account, and cannot sign up a twin", async () => {
    const auth = makeTestAuth();
    const client = createTestClient(auth);
    const up = await client.post("/sign-up/email", { name: "J", email: "josé@example.com", password: "password-123" });
    expect(up.status).toBe(200);
    const twin = await client.post("/sign-up/email", {
      name: "J",
      email: "JOSE\u0301@example.com",
      password: "password-123",
    });
    // Whatever sign-up answers for a taken address, no second user exists.
    expect(twin.status).toBeLessThan(500);
    expect(await auth.$context.db.count({ model: "user" })).toBe(1);
    const inAgain = await createTestClient(auth).post("/sign-in/email", {
      email: "jose\u0301@example.com",
      password: "password-123",
    });
    expect(inAgain.status).toBe(200);
  });
});
