import { describe, expect, it } from "vitest";
import { codeFor, createTestClient, makePhoneAuth, newPhone, signUpUser, userWithPhone } from "./test-helpers.js";

const wrong = (code: string) => (code === "000000" ? "111111" : "000000");

describe("texted codes", () => {
  it("are 6 digits, vary, and are stored only as a keyed hash", async () => {
    const env = makePhoneAuth();
    const anon = createTestClient(env.auth);
    const phone = newPhone();
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add(await codeFor(anon, env.lastCode, phone));
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(1);
    const rows = await env.auth.$context.db.findMany<{ identifier: string; value: string }>({ model: "verification" });
    const stored = rows.map((r) => `${r.identifier} ${r.value}`).join("\n");
    for (const c of codes) expect(stored).not.toContain(c);
    expect(stored).toContain(phone);
  });

  it("a wrong code counts; after 3 the code is dead (403) even for the right code; a new code works", async () => {
    const env = makePhoneAuth();
    const { client } = await signUpUser(env.auth);
    const phone = newPhone();
    const code = await codeFor(client, env.lastCode, phone);
    const attach = (c: string) => client.post("/phone-number/update", { phoneNumber: phone, code: c });
    for (let i = 0; i < 3; i++) expect((await attach(wrong(code))).body.code).toBe("INVALID_OTP");
    const dead = await attach(code);
    expect([dead.status, dead.body.code]).toEqual([403, "TOO_MANY_ATTEMPTS"]);
    const fresh = await codeFor(client, env.lastCode, phone);
    expect((await attach(fresh)).status).toBe(200);
  });

  it("parallel wrong guesses cannot exceed the limit", async () => {
    const env = makePhoneAuth();
    const phone = newPhone();
    const attacker = await signUpUser(env.auth);
    const guess = (c: string) => attacker.client.post("/phone-number/update", { phoneNumber: phone, code: c });
    const wrongGuesses = (code: string) =>
      Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1e6).padStart(6, "0"));
    const attempts = async () => {
      const rows = await env.auth.$context.db.findMany<{ value: string }>({ model: "verification" });
      expect(rows).toHaveLength(1);
      return JSON.parse(rows[0]?.value ?? "{}").attempts;
    };

    // 30 wrong codes at once: exactly 3 are answered as checked, the rest find the code dead.
    const code = await codeFor(createTestClient(env.auth), env.lastCode, phone);
    const answers = await Promise.all(wrongGuesses(code).map(guess));
    expect(answers.filter((a) => a.body?.code === "INVALID_OTP")).toHaveLength(3);
    expect(answers.filter((a) => a.body?.code === "TOO_MANY_ATTEMPTS")).toHaveLength(27);
    expect(await attempts()).toBe(3);
    expect((await guess(code)).status).toBe(403);

    // The right code among 30 wrong ones: it may win only while fewer than 3 wrong ones were counted.
    const next = await codeFor(createTestClient(env.auth), env.lastCode, phone);
    const mixed = wrongGuesses(next);
    mixed.splice(15, 0, next);
    const results = await Promise.all(mixed.map(guess));
    expect(results.every((a) => [200, 400, 403].includes(a.status))).toBe(true);
    expect(results.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
    expect(await attempts()).toBeLessThanOrEqual(3);
  });

  it("parallel right guesses use a code once", async () => {
    const env = makePhoneAuth();
    const u = await userWithPhone(env);
    const code = await codeFor(createTestClient(env.auth), env.lastCode, u.phone);
    const browsers = Array.from({ length: 10 }, () => createTestClient(env.auth));
    const answers = await Promise.all(
      browsers.map((b) => b.post("/phone-number/verify", { phoneNumber: u.phone, code })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers) expect(a.status === 200 || a.status === 400).toBe(true);
  });

  it("a code is single use, expires, and opens only the number it was sent to", async () => {
    const env = makePhoneAuth();
    const a = await userWithPhone(env);
    const b = await userWithPhone(env);
    const anon = createTestClient(env.auth);
    const codeA = await codeFor(anon, env.lastCode, a.phone);
    await codeFor(anon, env.lastCode, b.phone);
    const onB = await anon.post("/phone-number/verify", { phoneNumber: b.phone, code: codeA });
    expect(onB.status).toBe(400);
    expect((await anon.get("/get-session")).body).toBeNull();
    expect((await anon.post("/phone-number/verify", { phoneNumber: a.phone, code: codeA })).status).toBe(200);
    const again = createTestClient(env.auth);
    expect((await again.post("/phone-number/verify", { phoneNumber: a.phone, code: codeA })).status).toBe(400);

    const late = await codeFor(anon, env.lastCode, a.phone);
    env.clock.now += 301_000;
    const expired = await createTestClient(env.auth).post("/phone-number/verify", { phoneNumber: a.phone, code: late });
    expect([expired.status, expired.body.code]).toEqual([400, "OTP_EXPIRED"]);
  });

  it("a code of another length or with non-digits is refused without costing an attempt", async () => {
    const env = makePhoneAuth();
    const { client } = await signUpUser(env.auth);
    const phone = newPhone();
    const code = await codeFor(client, env.lastCode, phone);
    for (const bad of ["12345", "1234567", "12345a", " 12345", "１２３４５６"])
      expect((await client.post("/phone-number/update", { phoneNumber: phone, code: bad })).status).toBe(400);
    expect((await client.post("/phone-number/update", { phoneNumber: phone, code })).status).toBe(200);
  });
});

describe("how many codes a number gets", () => {
  it("at most sendLimit.max per window, from any client; the window then reopens", async () => {
    const env = makePhoneAuth({ sendLimit: { window: 600, max: 3 } });
    const phone = newPhone();
    for (let i = 0; i < 3; i++)
      expect((await createTestClient(env.auth).post("/phone-number/send-otp", { phoneNumber: phone })).status).toBe(
        200,
      );
    const over = await createTestClient(env.auth, undefined, "10.0.0.9").post("/phone-number/send-otp", {
      phoneNumber: phone,
    });
    expect([over.status, over.body.code]).toEqual([429, "PHONE_OTP_SEND_LIMIT"]);
    expect(env.sms).toHaveLength(3);
    // Another number is not affected.
    expect((await createTestClient(env.auth).post("/phone-number/send-otp", { phoneNumber: newPhone() })).status).toBe(
      200,
    );
    env.clock.now += 601_000;
    expect((await createTestClient(env.auth).post("/phone-number/send-otp", { phoneNumber: phone })).status).toBe(200);
  });

  it("parallel requests cannot exceed the limit", async () => {
    const env = makePhoneAuth({ sendLimit: { window: 600, max: 3 } });
    const phone = newPhone();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        createTestClient(env.auth).post("/phone-number/send-otp", { phoneNumber: phone }),
      ),
    );
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(3);
    expect(env.sms.length).toBeLessThanOrEqual(3);
    expect(env.sms.length).toBeGreaterThan(0);
    // Whatever was texted last is the code that works.
    const { client } = await signUpUser(env.auth);
    expect((await client.post("/phone-number/update", { phoneNumber: phone, code: env.lastCode(phone) })).status).toBe(
      200,
    );
  });

  it("per client, the route limit applies when rate limiting is on", async () => {
    const env = makePhoneAuth({ sendLimit: { window: 600, max: 100 } }, { rateLimit: { enabled: true } });
    const client = createTestClient(env.auth);
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await client.post("/phone-number/send-otp", { phoneNumber: newPhone() })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("a failing SMS provider answers 502, not 500", async () => {
    const env = makePhoneAuth({
      sendOTP: () => {
        throw new Error("provider down");
      },
    });
    const r = await createTestClient(env.auth).post("/phone-number/send-otp", { phoneNumber: newPhone() });
    expect([r.status, r.body.code]).toEqual([502, "PHONE_OTP_SEND_FAILED"]);
  });
});
