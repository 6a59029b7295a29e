import { describe, expect, it } from "vitest";
import { createTestClient, makePhoneAuth, newPhone, userWithPhone } from "./test-helpers.js";

describe("password reset by phone", () => {
  it("a texted code sets a new password, ends the sessions and voids emailed reset links", async () => {
    const mails: string[] = [];
    const env = makePhoneAuth(
      {},
      {
        emailAndPassword: {
          enabled: true,
          sendResetPassword: ({ token }) => void mails.push(token),
        },
      },
    );
    const u = await userWithPhone(env);
    const anon = createTestClient(env.auth);
    expect((await anon.post("/request-password-reset", { email: u.email })).status).toBe(200);
    expect((await anon.post("/phone-number/request-password-reset", { phoneNumber: u.phone })).body).toEqual({
      status: true,
    });
    await new Promise((r) => setTimeout(r, 10)); // the text goes out in the background
    const code = env.lastCode(u.phone, "reset");
    // A verify code is not a reset code, and vice versa.
    expect((await anon.post("/phone-number/verify", { phoneNumber: u.phone, code })).status).toBe(400);
    const tooShort = await anon.post("/phone-number/reset-password", {
      phoneNumber: u.phone,
      code,
      newPassword: "short",
    });
    expect(tooShort.body.code).toBe("PASSWORD_TOO_SHORT");
    const r = await anon.post("/phone-number/reset-password", {
      phoneNumber: u.phone,
      code,
      newPassword: "new-password-456",
    });
    expect(r.status).toBe(200);
    expect((await u.client.get("/get-session")).body).toBeNull();
    const signIn = (password: string) =>
      createTestClient(env.auth).post("/sign-in/phone-number", { phoneNumber: u.phone, password });
    expect((await signIn("new-password-456")).status).toBe(200);
    expect((await signIn(u.password)).status).toBe(401);
    // The emailed link asked for before is void.
    expect(mails).toHaveLength(1);
    const viaMail = await anon.post("/reset-password", { token: mails[0], newPassword: "mail-password-789" });
    expect(viaMail.status).toBe(400);
    // And the code is used up.
    const again = await anon.post("/phone-number/reset-password", {
      phoneNumber: u.phone,
      code,
      newPassword: "x-password-000",
    });
    expect(again.status).toBe(400);
  });

  it("an unknown number gets the same answer and no text", async () => {
    const env = makePhoneAuth();
    const phone = newPhone();
    const r = await createTestClient(env.auth).post("/phone-number/request-password-reset", { phoneNumber: phone });
    expect(r.body).toEqual({ status: true });
    await new Promise((r) => setTimeout(r, 10));
    expect(env.sms).toHaveLength(0);
  });

  it("is off without sendPasswordResetOTP", async () => {
    const env = makePhoneAuth({ sendPasswordResetOTP: undefined });
    const r = await createTestClient(env.auth).post("/phone-number/request-password-reset", {
      phoneNumber: newPhone(),
    });
    expect([r.status, r.body.code]).toEqual([400, "PHONE_PASSWORD_RESET_DISABLED"]);
  });
});

describe("a password change elsewhere", () => {
  it("voids the reset code texted before it", async () => {
    const env = makePhoneAuth();
    const u = await userWithPhone(env);
    const anon = createTestClient(env.auth);
    await anon.post("/phone-number/request-password-reset", { phoneNumber: u.phone });
    await new Promise((r) => setTimeout(r, 10));
    const code = env.lastCode(u.phone, "reset");
    const changed = await u.client.post("/change-password", {
      currentPassword: u.password,
      newPassword: "changed-password-1",
    });
    expect(changed.status).toBe(200);
    const r = await anon.post("/phone-number/reset-password", {
      phoneNumber: u.phone,
      code,
      newPassword: "attacker-pass-1",
    });
    expect([r.status, r.body.code]).toEqual([400, "INVALID_OTP"]);
    // A code asked for afterwards works.
    await anon.post("/phone-number/request-password-reset", { phoneNumber: u.phone });
    await new Promise((r) => setTimeout(r, 10));
    const fresh = env.lastCode(u.phone, "reset");
    const ok = await anon.post("/phone-number/reset-password", {
      phoneNumber: u.phone,
      code: fresh,
      newPassword: "final-pass-1",
    });
    expect(ok.status).toBe(200);
  });
});
