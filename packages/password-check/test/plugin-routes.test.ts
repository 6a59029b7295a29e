import { createTestClient, makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import { describe, expect, it } from "vitest";
import { admin } from "@gatehouse-auth/admin";
import { emailOTP } from "@gatehouse-auth/email-otp";
import { phoneNumber } from "@gatehouse-auth/phone-number";
import { passwordCheck } from "../src/index.js";

const STRONG = "violet-Tractor-umbrella-93!";
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));
let seq = 0;
const newEmail = () => `routes-${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The admin, email-OTP and phone-number plugins with password-check; `codes` collects what they send. */
function makeEnv() {
  const codes = new Map<string, string>();
  const auth = makeTestAuth({
    emailAndPassword: { enabled: true },
    plugins: [
      passwordCheck(),
      admin(),
      emailOTP({ sendVerificationOTP: ({ email, otp, type }) => void codes.set(`${type} ${email}`, otp) }),
      phoneNumber({
        sendOTP: ({ phoneNumber, code }) => void codes.set(`otp ${phoneNumber}`, code),
        sendPasswordResetOTP: ({ phoneNumber, code }) => void codes.set(`reset ${phoneNumber}`, code),
      }),
    ],
  });
  return { auth, codes };
}

describe("the plugins' password routes", () => {
  it("admin create-user and set-user-password refuse a common password; no password at all is fine", async () => {
    const { auth } = makeEnv();
    const boss = await signUpUser(auth, newEmail(), STRONG);
    await auth.$context.users.update(boss.userId, { role: "admin" });
    const refused = await boss.client.post("/admin/create-user", {
      email: newEmail(),
      name: "N",
      password: "12345678",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("PASSWORD_COMPROMISED");
    const noPassword = await boss.client.post("/admin/create-user", { email: newEmail(), name: "N" });
    expect(noPassword.status).toBe(200);
    const target = await signUpUser(auth, newEmail(), STRONG);
    const set = await boss.client.post("/admin/set-user-password", {
      userId: target.userId,
      newPassword: "qwertyuiop",
    });
    expect(set.body.code).toBe("PASSWORD_COMPROMISED");
    // The target's sessions survive the refused call: the endpoint never ran.
    expect((await target.client.get("/get-session")).body?.user?.id).toBe(target.userId);
  });

  it("never uses an admin route's target user as guessable words (no oracle for their details)", async () => {
    const auth = makeTestAuth({
      emailAndPassword: { enabled: true },
      plugins: [passwordCheck({ minScore: 3 }), admin()],
    });
    const target = await signUpUser(auth, `hieronymusbanana@${newEmail().split("@")[0]}.example.com`, STRONG);
    const stranger = await signUpUser(auth, newEmail(), STRONG);
    // Were the target's email a known word, this would be PASSWORD_TOO_WEAK with a "userInputs" warning.
    const r = await stranger.client.post("/admin/set-user-password", {
      userId: target.userId,
      newPassword: "hieronymusbanana",
    });
    expect(r.status).toBe(403);
  });

  it("email-OTP reset refuses a common password and keeps the code usable", async () => {
    const { auth, codes } = makeEnv();
    const u = await signUpUser(auth, newEmail(), STRONG);
    const anon = createTestClient(auth);
    expect((await anon.post("/email-otp/request-password-reset", { email: u.email })).status).toBe(200);
    await tick();
    const otp = codes.get(`forget-password ${u.email}`);
    expect(otp).toBeDefined();
    const refused = await anon.post("/email-otp/reset-password", { email: u.email, otp, password: "password1" });
    expect(refused.body.code).toBe("PASSWORD_COMPROMISED");
    const ok = await anon.post("/email-otp/reset-password", { email: u.email, otp, password: `${STRONG}-2` });
    expect(ok.status).toBe(200);
  });

  it("phone reset refuses a common password and keeps the code usable", async () => {
    const { auth, codes } = makeEnv();
    const u = await signUpUser(auth, newEmail(), STRONG);
    const phone = "+15550001234";
    expect((await u.client.post("/phone-number/send-otp", { phoneNumber: phone })).status).toBe(200);
    await tick();
    const attach = await u.client.post("/phone-number/verify", {
      phoneNumber: phone,
      code: codes.get(`otp ${phone}`),
      updatePhoneNumber: true,
    });
    expect(attach.status).toBe(200);
    const anon = createTestClient(auth);
    expect((await anon.post("/phone-number/request-password-reset", { phoneNumber: phone })).status).toBe(200);
    await tick();
    const code = codes.get(`reset ${phone}`);
    const refused = await anon.post("/phone-number/reset-password", {
      phoneNumber: phone,
      code,
      newPassword: "sunshine",
    });
    expect(refused.body.code).toBe("PASSWORD_COMPROMISED");
    const ok = await anon.post("/phone-number/reset-password", {
      phoneNumber: phone,
      code,
      newPassword: `${STRONG}-3`,
    });
    expect(ok.status).toBe(200);
  });

  it("leaves password sign-in alone: a user whose old password is common still signs in", async () => {
    const { auth } = makeEnv();
    // A password set before the plugin was installed, written straight to storage.
    const ctx = auth.$context;
    const email = newEmail();
    const user = await ctx.users.create({ name: "Old", email, emailVerified: true });
    await ctx.accounts.create({
      userId: user.id,
      accountId: user.id,
      providerId: "credential",
      password: await ctx.passwords.hash("12345678"),
    });
    const r = await createTestClient(auth).post("/sign-in/email", { email, password: "12345678" });
    expect(r.status).toBe(200);
  });
});
