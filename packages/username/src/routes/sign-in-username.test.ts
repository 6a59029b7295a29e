import { AuthError, defineErrors, definePlugin } from "@gatehouse-auth/core";
import type { HookContext } from "@gatehouse-auth/core";
import { createTestClient } from "@gatehouse-auth/core/testing";
import { describe, expect, it, vi } from "vitest";
import { PASSWORD, makeUsernameAuth, signUp } from "../test-helpers.js";

const signIn = (auth: Parameters<typeof createTestClient>[0], body: Record<string, unknown>) => {
  const client = createTestClient(auth);
  return client.post("/sign-in/username", body).then((r) => ({ client, r }));
};

describe("POST /sign-in/username", () => {
  const auth = makeUsernameAuth();

  it("opens a session for the name's owner, like /sign-in/email: {redirect, token, url, user} and the cookie", async () => {
    const up = await signUp(auth, { username: "Alice" });
    const { client, r } = await signIn(auth, { username: "Alice", password: PASSWORD });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ redirect: false, url: null, user: { id: up.r.body.user.id, username: "alice" } });
    expect(typeof r.body.token).toBe("string");
    expect(r.headers.get("cache-control")).toBe("no-store");
    const session = await client.get("/get-session");
    expect(session.body.user.id).toBe(up.r.body.user.id);
    expect(session.body.session.token).toBe(r.body.token);
  });

  it("matches the name in any case", async () => {
    const up = await signUp(auth, { username: "MiXeD.Case" });
    for (const username of ["mixed.case", "MIXED.CASE", "MiXeD.Case"]) {
      const { r } = await signIn(auth, { username, password: PASSWORD });
      expect(r.status, username).toBe(200);
      expect(r.body.user.id).toBe(up.r.body.user.id);
    }
  });

  it("answers a wrong password and an unknown name with the same 401, after the same password work", async () => {
    await signUp(auth, { username: "bob" });
    const verify = vi.spyOn(auth.$context.passwords, "verifyOrDummy");
    const wrong = await signIn(auth, { username: "bob", password: "not-the-password" });
    const unknown = await signIn(auth, { username: "nobody_here", password: PASSWORD });
    expect(wrong.r.status).toBe(401);
    expect(unknown.r.status).toBe(401);
    expect(unknown.r.body).toEqual(wrong.r.body);
    expect(wrong.r.body.code).toBe("INVALID_USERNAME_OR_PASSWORD");
    // The unknown name still costs a (dummy) hash check, so timing does not tell it from a wrong password.
    expect(verify).toHaveBeenCalledTimes(2);
    expect(verify.mock.calls[1]?.[0]).toBeUndefined();
    verify.mockRestore();
    expect(wrong.r.headers.get("set-cookie")).toBeNull();
    expect((await wrong.client.get("/get-session")).body).toBeNull();
  });

  it("cannot sign in a user who signed up without a username, nor one whose name changed", async () => {
    const { client } = await signUp(auth, { username: "before_change" });
    expect((await client.post("/update-user", { username: "after_change" })).status).toBe(200);
    expect((await signIn(auth, { username: "before_change", password: PASSWORD })).r.status).toBe(401);
    expect((await signIn(auth, { username: "after_change", password: PASSWORD })).r.status).toBe(200);
  });

  it.each([["ab"], ["x".repeat(31)], ["has space"], ["a@b.example"], ["émile"], [" alice"]])(
    "refuses the malformed name %j with 422",
    async (username) => {
      const { r } = await signIn(auth, { username, password: PASSWORD });
      expect(r.status).toBe(422);
      expect(r.body.code).toBe("UNPROCESSABLE_USERNAME");
    },
  );

  it("refuses unknown body keys and non-string input with 400", async () => {
    expect((await signIn(auth, { username: "bob", password: PASSWORD, email: "x@example.com" })).r.status).toBe(400);
    expect((await signIn(auth, { username: ["bob"], password: PASSWORD })).r.status).toBe(400);
    expect((await signIn(auth, { username: "bob" })).r.status).toBe(400);
  });

  it("rememberMe: false gives a browser-session cookie (no Max-Age)", async () => {
    await signUp(auth, { username: "forgetful" });
    const { r } = await signIn(auth, { username: "forgetful", password: PASSWORD, rememberMe: false });
    expect(r.status).toBe(200);
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith("gatehouse.session_token=")) ?? "";
    expect(cookie).not.toBe("");
    expect(cookie).not.toMatch(/max-age/i);
  });

  it("callbackURL: a trusted one comes back as url with redirect true; an untrusted one is refused", async () => {
    await signUp(auth, { username: "traveller" });
    const ok = await signIn(auth, { username: "traveller", password: PASSWORD, callbackURL: "/dashboard" });
    expect(ok.r.status).toBe(200);
    expect(ok.r.body.redirect).toBe(true);
    expect(ok.r.body.url).toBe("/dashboard");
    const evil = await signIn(auth, {
      username: "traveller",
      password: PASSWORD,
      callbackURL: "https://evil.example/",
    });
    expect(evil.r.status).toBe(403);
    expect(evil.r.headers.get("set-cookie")).toBeNull();
  });
});

describe("sign-in by username keeps every rule of sign-in by email", () => {
  it("email verification required: 403 EMAIL_NOT_VERIFIED, a fresh link mailed, no session", async () => {
    const mails: string[] = [];
    const auth = makeUsernameAuth(
      {},
      {
        emailAndPassword: { enabled: true, requireEmailVerification: true },
        emailVerification: {
          sendOnSignUp: false,
          sendOnSignIn: true,
          sendVerificationEmail: ({ user }) => void mails.push(user.email),
        },
      },
    );
    const { email } = await signUp(auth, { username: "unverified" });
    const { r, client } = await signIn(auth, { username: "unverified", password: PASSWORD });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("EMAIL_NOT_VERIFIED");
    expect(mails).toEqual([email]);
    expect((await client.get("/get-session")).body).toBeNull();
    // A wrong password mails nothing: a stranger cannot make the app send mail.
    await signIn(auth, { username: "unverified", password: "wrong-password" });
    expect(mails).toEqual([email]);
  });

  it("a plugin's validateUser (a ban) refuses the session; hooks on creates-session see the new one", async () => {
    const ERRORS = defineErrors({ TEST_BANNED: { status: 403, message: "Banned" } });
    const banned = new Set<string>();
    const seen: string[] = [];
    const guard = definePlugin({
      id: "test-guard",
      errors: ERRORS,
      validateUser: (user) => {
        if (banned.has(user.id)) throw new AuthError(ERRORS.TEST_BANNED);
      },
      hooks: {
        after: [
          {
            tags: ["creates-session"],
            run: (ctx: HookContext) => {
              if (ctx.newSession) seen.push(ctx.newSession.user.id);
            },
          },
        ],
      },
    });
    const auth = makeUsernameAuth({}, { plugins: [guard] });
    const up = await signUp(auth, { username: "watched" });
    const userId = up.r.body.user.id as string;
    seen.length = 0;
    expect((await signIn(auth, { username: "watched", password: PASSWORD })).r.status).toBe(200);
    expect(seen).toEqual([userId]);
    banned.add(userId);
    const { r } = await signIn(auth, { username: "watched", password: PASSWORD });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("TEST_BANNED");
    expect(r.headers.get("set-cookie")).toBeNull();
    expect(seen).toEqual([userId]);
  });

  it("is off with email and password", async () => {
    const auth = makeUsernameAuth({}, { emailAndPassword: { enabled: false } });
    const { r } = await signIn(auth, { username: "anyone", password: PASSWORD });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("EMAIL_PASSWORD_DISABLED");
  });

  it("falls under the sign-in rate limit (3 per 10 s) when rate limiting is on", async () => {
    const auth = makeUsernameAuth({}, { rateLimit: { enabled: true } });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await signIn(auth, { username: "limited", password: PASSWORD })).r.status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
