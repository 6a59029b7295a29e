import { AuthError, defineErrors, definePlugin } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { createTestClient, flush, makeOtpAuth, newEmail, otpFor, signUpUser, wrong } from "./test-helpers.js";

describe("POST /sign-in/email-otp", () => {
  it("signs an existing user in with a 6-digit code: {token, user} and a session cookie", async () => {
    const env = makeOtpAuth();
    const u = await signUpUser(env.auth, newEmail());
    const otp = await otpFor(env, u.email);
    expect(otp).toMatch(/^\d{6}$/);
    const b = createTestClient(env.auth);
    const r = await b.post("/sign-in/email-otp", { email: u.email.toUpperCase(), otp });
    expect(r.status).toBe(200);
    expect(r.body.user.id).toBe(u.userId);
    expect(typeof r.body.token).toBe("string");
    expect((await b.get("/get-session")).body.user.id).toBe(u.userId);
  });

  it("creates an unknown address's account, verified, with the given name", async () => {
    const env = makeOtpAuth();
    const email = newEmail();
    const otp = await otpFor(env, email);
    const b = createTestClient(env.auth);
    const r = await b.post("/sign-in/email-otp", { email, otp, name: "Otto" });
    expect(r.status).toBe(200);
    const s = (await b.get("/get-session")).body;
    expect([s.user.email, s.user.emailVerified, s.user.name]).toEqual([email, true, "Otto"]);
  });

  it("claims an unverified account: its earlier sessions and password are gone, in favour of the prover", async () => {
    const env = makeOtpAuth();
    // Someone registered the address first (perhaps not its owner) and is still signed in.
    const squatter = await signUpUser(env.auth, newEmail(), "squatter-password");
    const otp = await otpFor(env, squatter.email);
    const owner = createTestClient(env.auth);
    const r = await owner.post("/sign-in/email-otp", { email: squatter.email, otp });
    expect(r.status).toBe(200);
    expect(r.body.user.id).toBe(squatter.userId);
    expect(r.body.user.emailVerified).toBe(true);
    expect((await squatter.client.get("/get-session")).body).toBeNull();
    const pw = await createTestClient(env.auth).post("/sign-in/email", {
      email: squatter.email,
      password: "squatter-password",
    });
    expect(pw.status).toBe(401);
    expect((await owner.get("/get-session")).body.user.id).toBe(squatter.userId);
  });

  it("keeps a verified account's sessions and password", async () => {
    const env = makeOtpAuth();
    const u = await signUpUser(env.auth, newEmail());
    await env.auth.$context.users.update(u.userId, { emailVerified: true });
    const otp = await otpFor(env, u.email);
    expect((await createTestClient(env.auth).post("/sign-in/email-otp", { email: u.email, otp })).status).toBe(200);
    expect((await u.client.get("/get-session")).body.user.id).toBe(u.userId);
    const pw = await createTestClient(env.auth).post("/sign-in/email", { email: u.email, password: u.password });
    expect(pw.status).toBe(200);
  });

  it("refuses a user a plugin's validateUser refuses, without spending the code", async () => {
    const banned = new Set<string>();
    const ERR = defineErrors({ TEST_BANNED: { status: 403, message: "banned" } });
    const bans = definePlugin({
      id: "test-bans",
      errors: ERR,
      validateUser(user) {
        if (banned.has(user.id)) throw new AuthError(ERR.TEST_BANNED);
      },
    });
    const env = makeOtpAuth({}, { plugins: [bans] });
    const u = await signUpUser(env.auth, newEmail());
    banned.add(u.userId);
    const otp = await otpFor(env, u.email);
    const b = createTestClient(env.auth);
    const r = await b.post("/sign-in/email-otp", { email: u.email, otp });
    expect([r.status, r.body.code]).toEqual([403, "TEST_BANNED"]);
    expect((await b.get("/get-session")).body).toBeNull();
    banned.delete(u.userId);
    expect((await b.post("/sign-in/email-otp", { email: u.email, otp })).status).toBe(200);
  });

  it("goes through the creates-session tag, so other plugins' sign-in hooks see the new session", async () => {
    const seen: string[] = [];
    const watcher = definePlugin({
      id: "test-watcher",
      hooks: {
        after: [
          { tags: ["creates-session"], run: (ctx) => void (ctx.newSession && seen.push(ctx.newSession.user.email)) },
        ],
      },
    });
    const env = makeOtpAuth({}, { plugins: [watcher] });
    const email = newEmail();
    const otp = await otpFor(env, email);
    expect((await createTestClient(env.auth).post("/sign-in/email-otp", { email, otp })).status).toBe(200);
    expect(seen).toEqual([email]);
  });

  it("a plugin's interceptSignIn (a second factor) holds the sign-in: its answer, no session", async () => {
    const heldEmails = new Set<string>();
    const held = definePlugin({
      id: "test-hold",
      interceptSignIn: (_ctx, user) => (heldEmails.has(user.email) ? { held: true } : null),
    });
    const env = makeOtpAuth({}, { plugins: [held] });
    const u = await signUpUser(env.auth, newEmail());
    const email = u.email;
    heldEmails.add(email);
    const otp = await otpFor(env, email);
    const b = createTestClient(env.auth);
    const r = await b.post("/sign-in/email-otp", { email, otp });
    expect([r.status, r.body]).toEqual([200, { held: true }]);
    expect((await b.get("/get-session")).body).toBeNull();
    // The mailbox was proven: the claim of the unverified account stands (the earlier session is gone).
    expect((await env.auth.$context.users.findByEmail(email))?.emailVerified).toBe(true);
    expect((await u.client.get("/get-session")).body).toBeNull();
  });

  it("with disableSignUp, mails no code to an unknown address and creates nobody", async () => {
    const env = makeOtpAuth({ disableSignUp: true });
    const email = newEmail();
    const r = await createTestClient(env.auth).post("/email-otp/send-verification-otp", { email, type: "sign-in" });
    expect(r.body).toEqual({ success: true });
    await flush();
    expect(env.mails).toHaveLength(0);
    const u = await signUpUser(env.auth, newEmail());
    expect((await otpFor(env, u.email)).length).toBe(6);
  });

  it("a wrong code is 400 with no session; a code works once", async () => {
    const env = makeOtpAuth();
    const u = await signUpUser(env.auth, newEmail());
    const otp = await otpFor(env, u.email);
    const b = createTestClient(env.auth);
    const bad = await b.post("/sign-in/email-otp", { email: u.email, otp: wrong(otp) });
    expect([bad.status, bad.body.code]).toEqual([400, "EMAIL_OTP_INVALID"]);
    expect((await b.get("/get-session")).body).toBeNull();
    expect((await b.post("/sign-in/email-otp", { email: u.email, otp })).status).toBe(200);
    const again = createTestClient(env.auth);
    expect((await again.post("/sign-in/email-otp", { email: u.email, otp })).status).toBe(400);
    expect((await again.get("/get-session")).body).toBeNull();
  });
});
