import { describe, expect, it } from "vitest";
import { memoryAdapter } from "../adapter/memory-adapter.js";
import { createAuth } from "../create-auth.js";
import { createTestClient } from "../testing/test-client.js";

const makeAuth = (extra: Partial<Parameters<typeof createAuth>[0]> = {}) =>
  createAuth({
    database: memoryAdapter(),
    secret: "test-secret-0123456789abcdef0123456789",
    baseURL: "http://localhost:3000",
    ...extra,
  });

async function withUser(extra: Partial<Parameters<typeof createAuth>[0]> = {}) {
  const auth = makeAuth(extra);
  await auth.api.signUpEmail({ body: { name: "Grace", email: "grace@example.com", password: "password-123" } });
  return auth;
}

describe("POST /sign-in/email", () => {
  it("signs in case-insensitively and sets a persistent, HttpOnly, Lax session cookie", async () => {
    const auth = await withUser();
    const client = createTestClient(auth);
    const r = await client.post("/sign-in/email", { email: "GRACE@example.com", password: "password-123" });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ redirect: false, url: null, user: { email: "grace@example.com" } });
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith("gatehouse.session_token="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=604800/);
    // value = token "." 44-character base64 HMAC signature
    expect(cookie.split(";")[0]!.split("=").slice(1).join("=")).toMatch(
      new RegExp(`^${r.body.token}\\.[A-Za-z0-9+/]{43}=$`),
    );
  });

  it("rememberMe:false gives a browser-session cookie that stays non-persistent", async () => {
    const auth = await withUser();
    const r = await createTestClient(auth).post("/sign-in/email", {
      email: "grace@example.com",
      password: "password-123",
      rememberMe: false,
    });
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith("gatehouse.session_token="))!;
    expect(cookie).not.toMatch(/Max-Age/i);
    expect(r.headers.getSetCookie().some((c) => c.startsWith("gatehouse.dont_remember="))).toBe(true);
  });

  it("answers unknown users and wrong passwords identically with 401", async () => {
    const auth = await withUser();
    const wrong = await createTestClient(auth).post("/sign-in/email", {
      email: "grace@example.com",
      password: "wrong-password",
    });
    const unknown = await createTestClient(auth).post("/sign-in/email", {
      email: "nobody@example.com",
      password: "wrong-password",
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it("refuses an unverified user with 403 when verification is required", async () => {
    const auth = await withUser({ emailAndPassword: { requireEmailVerification: true } });
    const r = await createTestClient(auth).post("/sign-in/email", {
      email: "grace@example.com",
      password: "password-123",
    });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe("Email not verified");
  });

  it("validates callback URLs: relative and trusted pass, others are 403", async () => {
    const auth = await withUser({ trustedOrigins: ["https://*.example.com"] });
    const sign = (callbackURL: string) =>
      createTestClient(auth).post("/sign-in/email", {
        email: "grace@example.com",
        password: "password-123",
        callbackURL,
      });
    for (const ok of ["/home", "https://app.example.com/x", "http://localhost:3000/y"]) {
      const r = await sign(ok);
      expect(r.status, ok).toBe(200);
      expect(r.body).toMatchObject({ redirect: true, url: ok });
    }
    for (const bad of [
      "//evil.com",
      "/\\evil.com",
      "https://evil.com",
      "https://example.com.evil.com/",
      "javascript:alert(1)",
      "/ok\nx",
    ]) {
      const r = await sign(bad);
      expect(r.status, bad).toBe(403);
      expect(r.body.message).toBe("Invalid callbackURL");
    }
  });
});
