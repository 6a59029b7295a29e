import { describe, expect, it } from "vitest";
import { AuthError, defineErrors, definePlugin } from "@gatehouse-auth/core";
import { phoneNumber } from "./phone-number-plugin.js";
import { codeFor, createTestClient, makePhoneAuth, newPhone, signUpUser, userWithPhone } from "./test-helpers.js";

describe("attaching a number", () => {
  it("a signed-in user attaches a number with its code; the session shows it verified", async () => {
    const env = makePhoneAuth();
    const { client, userId } = await signUpUser(env.auth);
    const phone = newPhone();
    const code = await codeFor(client, env.lastCode, phone);
    const r = await client.post("/phone-number/verify", { phoneNumber: phone, code, updatePhoneNumber: true });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: true, user: { id: userId, phoneNumber: phone, phoneNumberVerified: true } });
    const s = (await client.get("/get-session")).body;
    expect(s.user).toMatchObject({ id: userId, phoneNumber: phone, phoneNumberVerified: true });
  });

  for (const route of ["/phone-number/update", "/phone-number/verify"]) {
    it(`${route} refreshes the cookie-cached session`, async () => {
      const env = makePhoneAuth({}, { session: { cookieCache: { enabled: true, maxAge: 300 } } });
      const { client } = await signUpUser(env.auth);
      expect((await client.get("/get-session")).body.user.phoneNumber ?? null).toBeNull();
      const phone = newPhone();
      const code = await codeFor(client, env.lastCode, phone);
      const extra = route === "/phone-number/verify" ? { updatePhoneNumber: true } : {};
      expect((await client.post(route, { phoneNumber: phone, code, ...extra })).status).toBe(200);
      expect((await client.get("/get-session")).body.user.phoneNumber).toBe(phone);
    });
  }

  it("/phone-number/update needs a session, and so does verify with updatePhoneNumber", async () => {
    const env = makePhoneAuth();
    const phone = newPhone();
    const anon = createTestClient(env.auth);
    const code = await codeFor(anon, env.lastCode, phone);
    expect((await anon.post("/phone-number/update", { phoneNumber: phone, code })).status).toBe(401);
    const r = await anon.post("/phone-number/verify", { phoneNumber: phone, code, updatePhoneNumber: true });
    expect(r.status).toBe(401);
  });

  it("a number another user holds is refused with 400 and the code is not spent", async () => {
    const env = makePhoneAuth();
    const owner = await userWithPhone(env);
    const other = await signUpUser(env.auth);
    const code = await codeFor(other.client, env.lastCode, owner.phone);
    const r = await other.client.post("/phone-number/update", { phoneNumber: owner.phone, code });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("PHONE_NUMBER_TAKEN");
    expect((await other.client.get("/get-session")).body.user.phoneNumber ?? null).toBeNull();
    // The same code still signs the owner in: refusing the attach did not use it up.
    const b = createTestClient(env.auth);
    const signIn = await b.post("/phone-number/verify", { phoneNumber: owner.phone, code });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.id).toBe(owner.userId);
  });

  it("a caller without the code cannot learn that a number is taken", async () => {
    const env = makePhoneAuth();
    const owner = await userWithPhone(env);
    const other = await signUpUser(env.auth);
    const free = newPhone();
    await codeFor(createTestClient(env.auth), env.lastCode, owner.phone);
    await codeFor(createTestClient(env.auth), env.lastCode, free);
    const a = await other.client.post("/phone-number/update", { phoneNumber: owner.phone, code: "000000" });
    const b = await other.client.post("/phone-number/update", { phoneNumber: free, code: "000000" });
    expect([a.status, a.body.code]).toEqual([b.status, b.body.code]);
  });

  it("changing the number: the new one signs in, the old one no longer does", async () => {
    const env = makePhoneAuth();
    const u = await userWithPhone(env);
    const next = newPhone();
    const code = await codeFor(u.client, env.lastCode, next);
    expect((await u.client.post("/phone-number/update", { phoneNumber: next, code })).status).toBe(200);
    const signIn = (phoneNumber: string) =>
      createTestClient(env.auth).post("/sign-in/phone-number", { phoneNumber, password: u.password });
    expect((await signIn(next)).status).toBe(200);
    expect((await signIn(u.phone)).status).toBe(401);
  });

  it("sign-up and update-user carrying phoneNumber or phoneNumberVerified are refused", async () => {
    const env = makePhoneAuth();
    const anon = createTestClient(env.auth);
    for (const field of [{ phoneNumber: newPhone() }, { phoneNumberVerified: true }]) {
      const up = await anon.post("/sign-up/email", {
        name: "X",
        email: `x-${Math.random()}@example.com`,
        password: "password-123",
        ...field,
      });
      expect(up.status).toBe(400);
    }
    const { client } = await signUpUser(env.auth);
    expect((await client.post("/update-user", { phoneNumber: newPhone() })).status).toBe(400);
    expect((await client.post("/update-user", { phoneNumberVerified: true })).status).toBe(400);
    expect((await client.get("/get-session")).body.user.phoneNumber ?? null).toBeNull();
  });
});

describe("spellings of one number", () => {
  it("spaces, dashes, brackets and national format reach the same code and the same user", async () => {
    const env = makePhoneAuth({ defaultCountry: "US", sendLimit: { window: 3600, max: 10 } });
    const u = await userWithPhone(env, "+15550142001");
    for (const spelling of ["+1 555 014 2001", "+1-555-014-2001", "(555) 014-2001", "555.014.2001", "1 555 014 2001"]) {
      const b = createTestClient(env.auth);
      const send = await b.post("/phone-number/send-otp", { phoneNumber: spelling });
      expect(send.status, spelling).toBe(200);
      expect(env.sms.at(-1)?.phoneNumber).toBe("+15550142001");
      const r = await b.post("/phone-number/verify", { phoneNumber: spelling, code: env.lastCode("+15550142001") });
      expect(r.status, spelling).toBe(200);
      expect(r.body.user.id).toBe(u.userId);
      const pw = await createTestClient(env.auth).post("/sign-in/phone-number", {
        phoneNumber: spelling,
        password: u.password,
      });
      expect(pw.body.user?.id, spelling).toBe(u.userId);
    }
  });

  it("another spelling of a held number is still taken", async () => {
    const env = makePhoneAuth({ defaultCountry: "US" });
    await userWithPhone(env, "+15550142002");
    const other = await signUpUser(env.auth);
    await other.client.post("/phone-number/send-otp", { phoneNumber: "(555) 014-2002" });
    const code = env.lastCode("+15550142002");
    const r = await other.client.post("/phone-number/update", { phoneNumber: "555-014-2002", code });
    expect(r.status).toBe(400);
  });

  it("without defaultCountry a national number is refused; text around a number and extensions too", async () => {
    const env = makePhoneAuth();
    const anon = createTestClient(env.auth);
    for (const bad of ["(555) 014-2001", "call +15550142001", "+1 555 014 2001 ext. 12", "+1", "hello", "+99912345"]) {
      const r = await anon.post("/phone-number/send-otp", { phoneNumber: bad });
      expect(r.status, bad).toBe(400);
    }
    expect(env.sms).toHaveLength(0);
    expect((await anon.post("/phone-number/send-otp", { phoneNumber: "x".repeat(10_000) })).status).toBe(400);
  });
});

describe("phone OTP sign-in", () => {
  it("signs the number's owner in; a number nobody holds is a 400 that does not use up the code", async () => {
    const env = makePhoneAuth();
    const u = await userWithPhone(env);
    const b = createTestClient(env.auth);
    const r = await b.post("/phone-number/verify", {
      phoneNumber: u.phone,
      code: await codeFor(b, env.lastCode, u.phone),
    });
    expect(r.status).toBe(200);
    expect(typeof r.body.token).toBe("string");
    expect((await b.get("/get-session")).body.user.id).toBe(u.userId);

    const nobody = newPhone();
    const code = await codeFor(b, env.lastCode, nobody);
    const stranger = createTestClient(env.auth);
    const miss = await stranger.post("/phone-number/verify", { phoneNumber: nobody, code });
    expect(miss.status).toBe(400);
    expect(miss.body.code).toBe("PHONE_NUMBER_NOT_FOUND");
    expect((await stranger.get("/get-session")).body).toBeNull();
    // The code still attaches the number for a signed-in user.
    const attacher = await signUpUser(env.auth);
    expect((await attacher.client.post("/phone-number/update", { phoneNumber: nobody, code })).status).toBe(200);
  });

  it("with signUpOnVerification a new number creates an account", async () => {
    const env = makePhoneAuth({
      signUpOnVerification: { getTempEmail: (p) => `${p.slice(1)}@phone.example.com` },
    });
    const b = createTestClient(env.auth);
    const phone = newPhone();
    const r = await b.post("/phone-number/verify", { phoneNumber: phone, code: await codeFor(b, env.lastCode, phone) });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ phoneNumber: phone, phoneNumberVerified: true, emailVerified: false });
    expect((await b.get("/get-session")).body.user.id).toBe(r.body.user.id);
  });

  it("disableSession verifies without a session", async () => {
    const env = makePhoneAuth();
    const u = await userWithPhone(env);
    const b = createTestClient(env.auth);
    const code = await codeFor(b, env.lastCode, u.phone);
    const r = await b.post("/phone-number/verify", { phoneNumber: u.phone, code, disableSession: true });
    expect(r.body).toMatchObject({ status: true, token: null });
    expect((await b.get("/get-session")).body).toBeNull();
  });

  it("a signed-in user verifying someone else's number with updatePhoneNumber gets 400, not their account", async () => {
    const env = makePhoneAuth();
    const victim = await userWithPhone(env);
    const attacker = await signUpUser(env.auth);
    const code = await codeFor(attacker.client, env.lastCode, victim.phone);
    const r = await attacker.client.post("/phone-number/verify", {
      phoneNumber: victim.phone,
      code,
      updatePhoneNumber: true,
    });
    expect(r.status).toBe(400);
    expect((await attacker.client.get("/get-session")).body.user.id).toBe(attacker.userId);
  });
});

describe("sign-in with phone number and password", () => {
  it("opens a session; wrong password, unknown and malformed numbers get the same 401", async () => {
    const env = makePhoneAuth();
    const u = await userWithPhone(env);
    const b = createTestClient(env.auth);
    const ok = await b.post("/sign-in/phone-number", { phoneNumber: u.phone, password: u.password });
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(u.userId);
    expect((await b.get("/get-session")).body.user.id).toBe(u.userId);
    const answers = await Promise.all(
      [
        { phoneNumber: u.phone, password: "wrong-password-1" },
        { phoneNumber: newPhone(), password: u.password },
        { phoneNumber: "not a number", password: u.password },
      ].map((body) => createTestClient(env.auth).post("/sign-in/phone-number", body)),
    );
    for (const a of answers) expect([a.status, a.body.code]).toEqual([401, "INVALID_PHONE_NUMBER_OR_PASSWORD"]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
  });

  it("follows the email-verification rule of sign-in/email", async () => {
    const env = makePhoneAuth({}, { emailAndPassword: { enabled: true, requireEmailVerification: true } });
    // Sign-up makes no session under this rule, so the number is attached from the server side.
    const { phone, password } = await (async () => {
      const email = `v-${Math.random()}@example.com`;
      await createTestClient(env.auth).post("/sign-up/email", { name: "V", email, password: "password-123" });
      const phone = newPhone();
      const user = await env.auth.$context.users.findByEmail(email);
      if (!user) throw new Error("sign-up failed");
      await env.auth.$context.users.update(user.id, { phoneNumber: phone, phoneNumberVerified: true });
      return { phone, password: "password-123" };
    })();
    const r = await createTestClient(env.auth).post("/sign-in/phone-number", { phoneNumber: phone, password });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("EMAIL_NOT_VERIFIED");
  });
});

describe("the rules of every sign-in", () => {
  it("a user a plugin refuses (a ban) signs in neither by code nor by password", async () => {
    const refused = new Set<string>();
    const errors = defineErrors({ TEST_BANNED: { status: 403, message: "banned" } });
    const banPlugin = definePlugin({
      id: "test-ban",
      errors,
      validateUser: (user) => {
        if (refused.has(user.id)) throw new AuthError(errors.TEST_BANNED);
      },
    });
    const env = makePhoneAuth({}, { plugins: [banPlugin] });
    const u = await userWithPhone(env);
    refused.add(u.userId);
    const b = createTestClient(env.auth);
    const code = await codeFor(b, env.lastCode, u.phone);
    const byCode = await b.post("/phone-number/verify", { phoneNumber: u.phone, code });
    expect([byCode.status, byCode.body.code]).toEqual([403, "TEST_BANNED"]);
    const pw = await b.post("/sign-in/phone-number", { phoneNumber: u.phone, password: u.password });
    expect([pw.status, pw.body.code]).toEqual([403, "TEST_BANNED"]);
    expect((await b.get("/get-session")).body).toBeNull();
  });

  it("routes that move a sign-in credential accept only the own session", () => {
    const plugin = phoneNumber({ sendOTP: () => {} });
    expect(plugin.endpoints.updatePhoneNumber.config.credentials).toBe("own-session");
    expect(plugin.endpoints.verifyPhoneNumber.config.credentials).toBe("own-session");
  });
});
