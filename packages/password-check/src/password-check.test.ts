import { describe, expect, it } from "vitest";
import { createTestClient, makeCheckAuth, newEmail, STRONG_PASSWORD, signUpUser } from "./test-helpers.js";

type Env = ReturnType<typeof makeCheckAuth>;
const signUp = (env: Env, password: string, email = newEmail()) =>
  createTestClient(env.auth).post("/sign-up/email", { name: "Pat", email, password });

/** A reset token mailed to `email` (the mail goes out in the background: wait a tick). */
async function resetTokenFor(env: Env, email: string): Promise<string> {
  const r = await createTestClient(env.auth).post("/request-password-reset", { email });
  expect(r.status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 10));
  const token = env.resetTokens.get(email);
  if (!token) throw new Error(`no reset token for ${email}`);
  return token;
}

describe("common passwords", () => {
  it("refuses a common password at sign-up with PASSWORD_COMPROMISED, creating nobody", async () => {
    const env = makeCheckAuth();
    const email = newEmail();
    const r = await signUp(env, "12345678", email);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      code: "PASSWORD_COMPROMISED",
      message: "This password is too common or has appeared in a data breach; choose a different one",
      reason: "common",
    });
    expect(r.text).not.toContain("12345678");
    const signIn = await createTestClient(env.auth).post("/sign-in/email", { email, password: "12345678" });
    expect(signIn.status).toBe(401);
  });

  it("matches case-insensitively, NFKC-normalized and trimmed", async () => {
    const env = makeCheckAuth();
    for (const variant of ["iloveyou", "ILoveYou", "  iloveyou  ", "ｉｌｏｖｅｙｏｕ", "Sunshine"]) {
      const r = await signUp(env, variant);
      expect(r.status, variant).toBe(400);
      expect(r.body.code, variant).toBe("PASSWORD_COMPROMISED");
    }
  });

  it("accepts a password on no list", async () => {
    const env = makeCheckAuth();
    const r = await signUp(env, STRONG_PASSWORD);
    expect(r.status).toBe(200);
  });

  it("leaves core's length errors first, so a too-short common password is PASSWORD_TOO_SHORT", async () => {
    const env = makeCheckAuth();
    expect((await signUp(env, "123456")).body.code).toBe("PASSWORD_TOO_SHORT");
    expect((await signUp(env, "a".repeat(129))).body.code).toBe("PASSWORD_TOO_LONG");
  });

  it("refuses the app's extra passwords, and can leave the common list off", async () => {
    const env = makeCheckAuth({ commonPasswords: false, extraPasswords: ["Gatehouse-Rocks"] });
    expect((await signUp(env, "gatehouse-rocks")).body.code).toBe("PASSWORD_COMPROMISED");
    expect((await signUp(env, "12345678")).status).toBe(200);
  });

  it("does nothing with enabled: false", async () => {
    const env = makeCheckAuth({ enabled: false });
    expect((await signUp(env, "12345678")).status).toBe(200);
  });

  it("refuses a common new password at change-password; the old password keeps working", async () => {
    const env = makeCheckAuth();
    const { client, email, password } = await signUpUser(env.auth, newEmail(), STRONG_PASSWORD);
    const r = await client.post("/change-password", { currentPassword: password, newPassword: "password1" });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("PASSWORD_COMPROMISED");
    const again = await createTestClient(env.auth).post("/sign-in/email", { email, password });
    expect(again.status).toBe(200);
    const ok = await client.post("/change-password", { currentPassword: password, newPassword: `${STRONG_PASSWORD}x` });
    expect(ok.status).toBe(200);
  });

  it("refuses a common password at reset-password without spending the token", async () => {
    const env = makeCheckAuth();
    const { email } = await signUpUser(env.auth, newEmail(), STRONG_PASSWORD);
    const token = await resetTokenFor(env, email);
    const anon = createTestClient(env.auth);
    const refused = await anon.post("/reset-password", { token, newPassword: "football" });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("PASSWORD_COMPROMISED");
    const ok = await anon.post("/reset-password", { token, newPassword: "another-Strong-passphrase-7" });
    expect(ok.status).toBe(200);
    const signIn = await anon.post("/sign-in/email", { email, password: "another-Strong-passphrase-7" });
    expect(signIn.status).toBe(200);
  });

  it("refuses a common password in the server-only set-password", async () => {
    const env = makeCheckAuth();
    const u = await signUpUser(env.auth, newEmail(), STRONG_PASSWORD);
    const headers = { cookie: [...u.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
    await expect(env.auth.api.setPassword({ body: { newPassword: "baseball" }, headers })).rejects.toMatchObject({
      code: "PASSWORD_COMPROMISED",
    });
    // Without the plugin's refusal core answers its own rule: the hook did not swallow the call.
    await expect(env.auth.api.setPassword({ body: { newPassword: STRONG_PASSWORD }, headers })).rejects.toMatchObject({
      code: "USER_ALREADY_HAS_PASSWORD",
    });
  });
});

describe("minimum strength", () => {
  it("refuses a weak password with zxcvbn-ts's feedback, using the caller's own details as guessable", async () => {
    const env = makeCheckAuth({ minScore: 3 });
    const r = await createTestClient(env.auth).post("/sign-up/email", {
      name: "Quentin Zanzibar",
      email: `zanzibarquokka+${newEmail()}`,
      password: "zanzibarquokka",
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("PASSWORD_TOO_WEAK");
    expect(r.body.minScore).toBe(3);
    expect(r.body.score).toBeLessThan(3);
    expect(r.body.feedback).toEqual({ warning: expect.any(String), suggestions: expect.any(Array) });
    expect(r.body.feedback.warning).toBe("userInputs");
    expect(r.text).not.toContain('"zanzibarquokka"');
  });

  it("counts the caller's own name and email as guessable when they change their password", async () => {
    const env = makeCheckAuth({ minScore: 3 });
    const email = `florentinecapybara@${newEmail().split("@")[0]}.example.com`;
    const { client, password } = await signUpUser(env.auth, email, STRONG_PASSWORD);
    const r = await client.post("/change-password", { currentPassword: password, newPassword: "florentinecapybara" });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("PASSWORD_TOO_WEAK");
    expect(r.body.feedback.warning).toBe("userInputs");
  });

  it("sees through l33t spellings of common words", async () => {
    const env = makeCheckAuth({ minScore: 3 });
    for (const password of ["P@ssw0rd123!", "Qw3rtyu10p!", "1L0v3y0u2024"]) {
      const r = await signUp(env, password);
      expect(r.body.code, password).toBe("PASSWORD_TOO_WEAK");
    }
  });

  it("accepts a strong password", async () => {
    const env = makeCheckAuth({ minScore: 4 });
    expect((await signUp(env, STRONG_PASSWORD)).status).toBe(200);
  });

  it("passes translations through to the feedback", async () => {
    const keys = await import("@zxcvbn-ts/core");
    const translations = {
      ...new keys.Options().translations,
      warnings: { ...new keys.Options().translations.warnings, userInputs: "Avoid your own name or email" },
    };
    const env = makeCheckAuth({ minScore: 3, translations });
    const r = await createTestClient(env.auth).post("/sign-up/email", {
      name: "Pat",
      email: `marmaladeotter+${newEmail()}`,
      password: "marmaladeotter",
    });
    expect(r.body.feedback.warning).toBe("Avoid your own name or email");
  });
});
