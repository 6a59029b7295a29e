import { describe, expect, it } from "vitest";
import { createTestClient, flush, makeOtpAuth, newEmail, otpFor, signUpUser, wrong } from "./test-helpers.js";

const rows = async (env: ReturnType<typeof makeOtpAuth>) =>
  env.auth.$context.db.findMany<{ identifier: string; value: string }>({ model: "verification" });

describe("mailed codes", () => {
  it("are stored only as keyed hashes, under a keyed hash of the address", async () => {
    const env = makeOtpAuth();
    const email = newEmail();
    const otp = await otpFor(env, email);
    const [row, ...rest] = await rows(env);
    expect(rest).toHaveLength(0);
    expect(JSON.stringify(row)).not.toContain(otp);
    expect(JSON.stringify(row)).not.toContain(email);
    expect(row?.identifier).toMatch(/^email-otp:[A-Za-z0-9_-]{43}$/);
    // The same secret-free digest would be a dictionary away from the code: the stored hash is not SHA-256(code).
    const { sha256Base64Url } = await import("@gatehouse-auth/core");
    expect(row?.value).not.toContain(sha256Base64Url(otp));
  });

  it("after 3 wrong codes the code is dead (403), even the right one; a new code works", async () => {
    const env = makeOtpAuth();
    const u = await signUpUser(env.auth, newEmail());
    const otp = await otpFor(env, u.email);
    const b = createTestClient(env.auth);
    for (let i = 0; i < 3; i++)
      expect((await b.post("/sign-in/email-otp", { email: u.email, otp: wrong(otp) })).status).toBe(400);
    const dead = await b.post("/sign-in/email-otp", { email: u.email, otp });
    expect([dead.status, dead.body.code]).toEqual([403, "EMAIL_OTP_TOO_MANY_ATTEMPTS"]);
    expect((await b.get("/get-session")).body).toBeNull();
    const fresh = await otpFor(env, u.email);
    expect((await b.post("/sign-in/email-otp", { email: u.email, otp: fresh })).status).toBe(200);
  });

  it("parallel wrong guesses cannot exceed the limit", async () => {
    const env = makeOtpAuth();
    const email = newEmail();
    const guess = (otp: string) => createTestClient(env.auth).post("/sign-in/email-otp", { email, otp });
    const wrongGuesses = (code: string) =>
      Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1e6).padStart(6, "0"));
    const otp = await otpFor(env, email);
    const answers = await Promise.all(wrongGuesses(otp).map(guess));
    expect(answers.filter((a) => a.body?.code === "EMAIL_OTP_INVALID")).toHaveLength(3);
    expect(answers.filter((a) => a.body?.code === "EMAIL_OTP_TOO_MANY_ATTEMPTS")).toHaveLength(27);
    expect((await guess(otp)).status).toBe(403);
    const [dead] = await rows(env);
    expect(JSON.parse(dead?.value ?? "{}").codes["sign-in"].attempts).toBe(3);

    // The right code among 30 wrong ones wins at most once, and only before 3 wrong ones were counted.
    const next = await otpFor(env, email);
    const mixed = wrongGuesses(next);
    mixed.splice(15, 0, next);
    const results = await Promise.all(mixed.map(guess));
    expect(results.every((a) => [200, 400, 403].includes(a.status))).toBe(true);
    expect(results.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
    // Wrong guesses after the right one find a used code (also 400): count the attempts stored instead.
    const [row] = await rows(env);
    expect(JSON.parse(row?.value ?? "{}").codes["sign-in"].attempts).toBeLessThanOrEqual(3);
  });

  it("parallel right guesses use a code once", async () => {
    const env = makeOtpAuth();
    const u = await signUpUser(env.auth, newEmail());
    const otp = await otpFor(env, u.email);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => createTestClient(env.auth).post("/sign-in/email-otp", { email: u.email, otp })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers) expect([200, 400]).toContain(a.status);
  });

  it("serve only their own type and address, and expire", async () => {
    const env = makeOtpAuth();
    const a = await signUpUser(env.auth, newEmail());
    const b = await signUpUser(env.auth, newEmail());
    const signIn = await otpFor(env, a.email);
    const anon = createTestClient(env.auth);
    expect((await anon.post("/email-otp/verify-email", { email: a.email, otp: signIn })).status).toBe(400);
    const reset = { email: a.email, otp: signIn, password: "hijacked-password-1" };
    expect((await anon.post("/email-otp/reset-password", reset)).status).toBe(400);
    await otpFor(env, b.email);
    expect((await anon.post("/sign-in/email-otp", { email: b.email, otp: signIn })).status).toBe(400);
    // A code of another type for the same address leaves this one alone.
    await otpFor(env, a.email, "email-verification");
    expect((await anon.post("/sign-in/email-otp", { email: a.email, otp: signIn })).status).toBe(200);

    const late = await otpFor(env, a.email);
    env.clock.now += 301_000;
    const expired = await createTestClient(env.auth).post("/sign-in/email-otp", { email: a.email, otp: late });
    expect([expired.status, expired.body.code]).toEqual([400, "EMAIL_OTP_EXPIRED"]);
  });

  it("a code of another length or with non-digits is refused without costing an attempt", async () => {
    const env = makeOtpAuth();
    const u = await signUpUser(env.auth, newEmail());
    const otp = await otpFor(env, u.email);
    const c = createTestClient(env.auth);
    for (const bad of ["12345", "1234567", "12345a", " 12345", "１２３４５６"])
      expect((await c.post("/sign-in/email-otp", { email: u.email, otp: bad })).status).toBe(400);
    expect((await c.post("/sign-in/email-otp", { email: u.email, otp })).status).toBe(200);
  });
});

describe("sending codes", () => {
  it("answers the same for known and unknown addresses; only sign-in codes reach unknown ones", async () => {
    const env = makeOtpAuth();
    const known = await signUpUser(env.auth, newEmail());
    const ghost = newEmail();
    const c = createTestClient(env.auth);
    for (const type of ["sign-in", "email-verification", "forget-password"]) {
      const k = await c.post("/email-otp/send-verification-otp", { email: known.email, type });
      const g = await c.post("/email-otp/send-verification-otp", { email: ghost, type });
      expect([k.status, k.body]).toEqual([200, { success: true }]);
      expect([g.status, g.body]).toEqual([k.status, k.body]);
    }
    expect((await c.post("/email-otp/request-password-reset", { email: ghost })).body).toEqual({ success: true });
    await flush();
    expect(env.mails.filter((m) => m.email === known.email).map((m) => m.type)).toEqual([
      "sign-in",
      "email-verification",
      "forget-password",
    ]);
    expect(env.mails.filter((m) => m.email === ghost).map((m) => m.type)).toEqual(["sign-in"]);
  });

  it("refuses a malformed address or type with 400", async () => {
    const env = makeOtpAuth();
    const c = createTestClient(env.auth);
    const bad = await c.post("/email-otp/send-verification-otp", { email: "not-an-email", type: "sign-in" });
    expect([bad.status, bad.body.code]).toEqual([400, "INVALID_EMAIL"]);
    const type = await c.post("/email-otp/send-verification-otp", { email: newEmail(), type: "delete-account" });
    expect(type.status).toBe(400);
  });

  it("at most sendLimit.max codes per address per window, all types together, from any client", async () => {
    const env = makeOtpAuth({ sendLimit: { window: 600, max: 3 } });
    const u = await signUpUser(env.auth, newEmail());
    for (const type of ["sign-in", "email-verification", "forget-password"])
      expect(
        (await createTestClient(env.auth).post("/email-otp/send-verification-otp", { email: u.email, type })).status,
      ).toBe(200);
    const over = await createTestClient(env.auth, undefined, "10.0.0.9").post("/email-otp/send-verification-otp", {
      email: u.email,
      type: "sign-in",
    });
    expect([over.status, over.body.code]).toEqual([429, "EMAIL_OTP_SEND_LIMIT"]);
    // Another address is not affected; the window reopens.
    expect((await otpFor(env, newEmail())).length).toBe(6);
    env.clock.now += 601_000;
    expect((await otpFor(env, u.email)).length).toBe(6);
  });

  it("parallel requests cannot exceed the per-address limit", async () => {
    const env = makeOtpAuth({ sendLimit: { window: 600, max: 3 } });
    const email = newEmail();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        createTestClient(env.auth).post("/email-otp/send-verification-otp", { email, type: "sign-in" }),
      ),
    );
    await flush();
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(3);
    expect(answers.every((a) => a.status === 200 || a.status === 429)).toBe(true);
    expect(env.mails.length).toBeGreaterThan(0);
    expect(env.mails.length).toBeLessThanOrEqual(3);
    // One of the codes mailed is the one that works.
    const results = [];
    for (const m of env.mails)
      results.push((await createTestClient(env.auth).post("/sign-in/email-otp", { email, otp: m.otp })).status);
    expect(results.filter((s) => s === 200)).toHaveLength(1);
  });

  it("per client, the route limit applies when rate limiting is on", async () => {
    const env = makeOtpAuth({ sendLimit: { window: 600, max: 100 } }, { rateLimit: { enabled: true } });
    const client = createTestClient(env.auth);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await client.post("/email-otp/send-verification-otp", { email: newEmail(), type: "sign-in" })).status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("a failing mail sender is logged, not shown to the client", async () => {
    const errors: unknown[] = [];
    const env = makeOtpAuth(
      {
        sendVerificationOTP: () => {
          throw new Error("smtp down");
        },
      },
      { logger: { error: (...a: unknown[]) => void errors.push(a), warn: () => {} } },
    );
    const r = await createTestClient(env.auth).post("/email-otp/send-verification-otp", {
      email: newEmail(),
      type: "sign-in",
    });
    expect(r.status).toBe(200);
    await flush();
    expect(errors).toHaveLength(1);
  });

  it("guessing across new codes is bounded per address: 6 codes × 3 tries = 18 checked an hour, whoever asks", async () => {
    const env = makeOtpAuth();
    const u = await signUpUser(env.auth, newEmail());
    let checked = 0;
    for (let i = 0; i < 10; i++) {
      const send = await createTestClient(env.auth, undefined, `10.0.1.${i}`).post("/email-otp/send-verification-otp", {
        email: u.email,
        type: "sign-in",
      });
      if (send.status === 429) break;
      const code = env.mails.at(-1)?.otp ?? "";
      for (let k = 0; k < 4; k++) {
        const r = await createTestClient(env.auth).post("/sign-in/email-otp", { email: u.email, otp: wrong(code) });
        if (r.body.code === "EMAIL_OTP_INVALID") checked++;
      }
    }
    expect(checked).toBe(18);
    // The last code is dead and no new one comes until the window ends.
    const last = env.mails.at(-1)?.otp ?? "";
    expect((await createTestClient(env.auth).post("/sign-in/email-otp", { email: u.email, otp: last })).status).toBe(
      403,
    );
  });
});
