import { describe, expect, it } from "vitest";
import { createTestClient, makeOtpAuth, newEmail, otpFor, signUpUser, wrong } from "./test-helpers.js";

describe("POST /email-otp/verify-email", () => {
  it("verifies the address and signs in: {status, token, user}", async () => {
    const env = makeOtpAuth();
    const u = await signUpUser(env.auth, newEmail());
    const otp = await otpFor(env, u.email, "email-verification");
    const b = createTestClient(env.auth);
    expect((await b.post("/email-otp/verify-email", { email: u.email, otp: wrong(otp) })).status).toBe(400);
    const r = await b.post("/email-otp/verify-email", { email: u.email, otp });
    expect(r.status).toBe(200);
    expect([r.body.status, r.body.user.emailVerified, typeof r.body.token]).toEqual([true, true, "string"]);
    expect((await b.get("/get-session")).body.user.emailVerified).toBe(true);
    // The account's own browser sees the change too.
    expect((await u.client.get("/get-session")).body.user.emailVerified).toBe(true);
  });

  it("keeps the caller's session when it is the same account", async () => {
    const env = makeOtpAuth();
    const u = await signUpUser(env.auth, newEmail());
    const otp = await otpFor(env, u.email, "email-verification");
    const r = await u.client.post("/email-otp/verify-email", { email: u.email, otp });
    expect(r.status).toBe(200);
    expect(r.body.token).toBe(u.token);
    expect((await env.auth.$context.sessions.listByUser(u.userId)).length).toBe(1);
  });

  it("verifies without signing in when autoSignInAfterVerification is off", async () => {
    const env = makeOtpAuth({}, { emailVerification: { autoSignInAfterVerification: false } });
    const u = await signUpUser(env.auth, newEmail());
    const otp = await otpFor(env, u.email, "email-verification");
    const b = createTestClient(env.auth);
    const r = await b.post("/email-otp/verify-email", { email: u.email, otp });
    expect([r.status, r.body.token, r.body.user.emailVerified]).toEqual([200, null, true]);
    expect((await b.get("/get-session")).body).toBeNull();
  });
});

describe("POST /email-otp/reset-password", () => {
  it("sets the password, ends every session and voids mailed reset links", async () => {
    const links: string[] = [];
    const env = makeOtpAuth(
      {},
      { emailAndPassword: { enabled: true, sendResetPassword: ({ token }) => void links.push(token) } },
    );
    const u = await signUpUser(env.auth, newEmail());
    const anon = createTestClient(env.auth);
    expect((await anon.post("/request-password-reset", { email: u.email })).status).toBe(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(links).toHaveLength(1);
    const otp = await otpFor(env, u.email, "forget-password");
    const short = await anon.post("/email-otp/reset-password", { email: u.email, otp, password: "short" });
    expect(short.status).toBe(400);
    const r = await anon.post("/email-otp/reset-password", { email: u.email, otp, password: "reset-by-otp-1" });
    expect([r.status, r.body]).toEqual([200, { success: true }]);
    expect((await u.client.get("/get-session")).body).toBeNull();
    const signIn = (password: string) =>
      createTestClient(env.auth)
        .post("/sign-in/email", { email: u.email, password })
        .then((x) => x.status);
    expect(await signIn("reset-by-otp-1")).toBe(200);
    expect(await signIn(u.password)).toBe(401);
    // The link mailed before the reset no longer sets a password.
    const link = await anon.post("/reset-password", { token: links[0], newPassword: "via-old-link-1" });
    expect(link.status).toBe(400);
    // The code was single use.
    expect((await anon.post("/email-otp/reset-password", { email: u.email, otp, password: "again-1234" })).status).toBe(
      400,
    );
  });

  it("claims an unverified account: every earlier session ends and the address becomes verified", async () => {
    const env = makeOtpAuth({}, { emailAndPassword: { enabled: true, revokeSessionsOnPasswordReset: false } });
    const squatter = await signUpUser(env.auth, newEmail(), "squatter-password");
    const otp = await otpFor(env, squatter.email, "forget-password");
    const r = await createTestClient(env.auth).post("/email-otp/reset-password", {
      email: squatter.email,
      otp,
      password: "owner-password-1",
    });
    expect(r.status).toBe(200);
    expect((await squatter.client.get("/get-session")).body).toBeNull();
    const b = createTestClient(env.auth);
    expect((await b.post("/sign-in/email", { email: squatter.email, password: "owner-password-1" })).status).toBe(200);
    expect((await b.get("/get-session")).body.user.emailVerified).toBe(true);
    expect((await env.auth.$context.db.findMany({ model: "account" })).length).toBe(1);
  });

  it("keeps sessions of a verified account when revokeSessionsOnPasswordReset is off", async () => {
    const env = makeOtpAuth({}, { emailAndPassword: { enabled: true, revokeSessionsOnPasswordReset: false } });
    const u = await signUpUser(env.auth, newEmail());
    await env.auth.$context.users.update(u.userId, { emailVerified: true });
    const otp = await otpFor(env, u.email, "forget-password");
    const r = await createTestClient(env.auth).post("/email-otp/reset-password", {
      email: u.email,
      otp,
      password: "new-password-1",
    });
    expect(r.status).toBe(200);
    expect((await u.client.get("/get-session")).body.user.id).toBe(u.userId);
  });

  it("a signed-in password change voids an outstanding reset code", async () => {
    const env = makeOtpAuth();
    const u = await signUpUser(env.auth, newEmail());
    const otp = await otpFor(env, u.email, "forget-password");
    const changed = await u.client.post("/change-password", {
      currentPassword: u.password,
      newPassword: "changed-password-1",
    });
    expect(changed.status).toBe(200);
    const r = await createTestClient(env.auth).post("/email-otp/reset-password", {
      email: u.email,
      otp,
      password: "attacker-password-1",
    });
    expect(r.status).toBe(400);
  });

  it("is refused when email and password is off", async () => {
    const env = makeOtpAuth({}, { emailAndPassword: { enabled: false } });
    const r = await createTestClient(env.auth).post("/email-otp/request-password-reset", { email: newEmail() });
    expect([r.status, r.body.code]).toEqual([400, "EMAIL_PASSWORD_DISABLED"]);
  });
});
