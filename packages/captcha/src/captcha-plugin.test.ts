import { createTestClient } from "@gatehouse-auth/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captcha } from "./captcha-plugin.js";
import { type FakeSiteVerify, startFakeSiteVerify } from "./fake-site-verify.test-helper.js";
import { makeCaptchaAuth, uniqueEmail, withToken } from "./test-helpers.js";
import { makeTestAuth } from "@gatehouse-auth/core/testing";

let fake: FakeSiteVerify;
beforeAll(async () => {
  fake = await startFakeSiteVerify("cloudflare-turnstile");
});
afterAll(() => fake.close());

const PASSWORD = "password-123";
const signUpBody = (email: string) => ({ name: "Captcha", email, password: PASSWORD });

describe("captcha plugin over HTTP (Turnstile)", () => {
  it("refuses sign-up without a token with 400 and creates nobody, mails nothing, asks no provider", async () => {
    const { auth, mails } = makeCaptchaAuth(fake);
    const email = uniqueEmail();
    const before = fake.requests.length;
    for (const opts of [{}, withToken(""), withToken("   ")]) {
      const r = await createTestClient(auth).post("/sign-up/email", signUpBody(email), opts);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("MISSING_CAPTCHA_RESPONSE");
      expect(r.headers.get("set-cookie")).toBeNull();
    }
    expect(fake.requests.length).toBe(before);
    expect(await auth.$context.users.findByEmail(email)).toBeNull();
    expect(mails).toEqual([]);
  });

  it("lets sign-up through with a token the provider accepts, sending secret, token and client address as a form", async () => {
    const { auth } = makeCaptchaAuth(fake);
    const email = uniqueEmail();
    const token = fake.issue({ ip: "203.0.113.7" });
    const client = createTestClient(auth, undefined, "203.0.113.7");
    const r = await client.post("/sign-up/email", signUpBody(email), withToken(token));
    expect(r.status).toBe(200);
    expect(r.body.user.email).toBe(email);
    const seen = fake.requests.at(-1);
    expect(seen?.contentType).toBe("application/x-www-form-urlencoded");
    expect(seen?.fields).toEqual({ secret: fake.secret, response: token, remoteip: "203.0.113.7" });
  });

  it("refuses a token the provider rejects, and the same token a second time, with 403 and no user", async () => {
    const { auth, mails } = makeCaptchaAuth(fake);
    const email = uniqueEmail();
    const bad = await createTestClient(auth).post("/sign-up/email", signUpBody(email), withToken("0.not-a-token"));
    expect(bad.status).toBe(403);
    expect(bad.body.code).toBe("CAPTCHA_VERIFICATION_FAILED");
    const token = fake.issue();
    expect((await createTestClient(auth).post("/sign-up/email", signUpBody(email), withToken(token))).status).toBe(200);
    // Reuse: the provider answers timeout-or-duplicate; nothing is cached on our side to let it pass.
    const again = await createTestClient(auth).post("/sign-in/email", { email, password: PASSWORD }, withToken(token));
    expect(again.status).toBe(403);
    expect(again.headers.get("set-cookie")).toBeNull();
    expect(mails.filter((m) => m.type === "verify-email")).toHaveLength(1);
  });

  it("guards sign-in: right password, no or a bad token → no session", async () => {
    const { auth } = makeCaptchaAuth(fake);
    const email = uniqueEmail();
    await createTestClient(auth).post("/sign-up/email", signUpBody(email), withToken(fake.issue()));
    for (const [opts, status] of [
      [{}, 400],
      [withToken("0.forged"), 403],
    ] as const) {
      const client = createTestClient(auth);
      const r = await client.post("/sign-in/email", { email, password: PASSWORD }, opts);
      expect(r.status).toBe(status);
      expect((await client.get("/get-session")).body).toBeNull();
    }
    const r = await createTestClient(auth).post(
      "/sign-in/email",
      { email, password: PASSWORD },
      withToken(fake.issue()),
    );
    expect(r.status).toBe(200);
  });

  it("guards the password reset request under both of its paths: no mail without a passing token", async () => {
    const { auth, mails } = makeCaptchaAuth(fake);
    const email = uniqueEmail();
    await createTestClient(auth).post("/sign-up/email", signUpBody(email), withToken(fake.issue()));
    for (const path of ["/request-password-reset", "/forget-password"]) {
      expect((await createTestClient(auth).post(path, { email })).status).toBe(400);
      expect((await createTestClient(auth).post(path, { email }, withToken("0.forged"))).status).toBe(403);
    }
    await new Promise((resolve) => setTimeout(resolve, 20)); // mail is sent in the background
    expect(mails.filter((m) => m.type === "reset-password")).toEqual([]);
    expect((await createTestClient(auth).post("/forget-password", { email }, withToken(fake.issue()))).status).toBe(
      200,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mails.filter((m) => m.type === "reset-password")).toHaveLength(1);
  });

  it("asks nothing of the other routes", async () => {
    const { auth } = makeCaptchaAuth(fake);
    const client = createTestClient(auth);
    await client.post("/sign-up/email", signUpBody(uniqueEmail()), withToken(fake.issue()));
    const before = fake.requests.length;
    expect((await client.get("/ok")).status).toBe(200);
    expect((await client.get("/get-session")).body.user).toBeTruthy();
    expect((await client.post("/update-user", { name: "No Captcha" })).status).toBe(200);
    expect((await client.get("/list-sessions")).status).toBe(200);
    expect((await client.post("/sign-out", {})).status).toBe(200);
    expect(fake.requests.length).toBe(before);
  });

  it("guards the endpoint however the URL spells its path: each spelling is 404 or the captcha's 400", async () => {
    const { auth } = makeCaptchaAuth(fake);
    const email = uniqueEmail();
    const base = "http://localhost:3000/api/auth";
    const spellings = [
      "/sign-up/email/",
      "/sign-up//email",
      "//sign-up/email",
      "/sign-up/./email",
      "/./sign-up/email",
      "/x/../sign-up/email",
      "/sign-up/%2e/email",
      "/sign-up/x/%2e%2e/email",
      "/sign-up%2Femail",
      "/SIGN-UP/EMAIL",
      "/sign-up/email;x",
    ];
    for (const path of spellings) {
      const res = await auth.handler(
        new Request(base + path, {
          method: "POST",
          headers: { origin: "http://localhost:3000", "content-type": "application/json" },
          body: JSON.stringify(signUpBody(email)),
        }),
        { clientAddress: "127.0.0.1" },
      );
      expect([400, 404], `${path} answered ${res.status}`).toContain(res.status);
      if (res.status === 400) expect((await res.json()).code).toBe("MISSING_CAPTCHA_RESPONSE");
    }
    expect(await auth.$context.users.findByEmail(email)).toBeNull();
  });

  it("sends the IPv4 address of a dual-stack peer, and never a spoofable header unless the operator trusts it", async () => {
    const { auth } = makeCaptchaAuth(fake);
    const spoofed = { headers: { "x-captcha-response": fake.issue(), "x-forwarded-for": "192.0.2.99" } };
    await createTestClient(auth, undefined, "::ffff:198.51.100.4").post(
      "/sign-up/email",
      signUpBody(uniqueEmail()),
      spoofed,
    );
    expect(fake.requests.at(-1)?.fields.remoteip).toBe("198.51.100.4");

    const behindProxy = makeCaptchaAuth(fake, {}, ["x-forwarded-for"]).auth;
    const viaProxy = { headers: { "x-captcha-response": fake.issue(), "x-forwarded-for": "192.0.2.1, 192.0.2.99" } };
    await createTestClient(behindProxy).post("/sign-up/email", signUpBody(uniqueEmail()), viaProxy);
    expect(fake.requests.at(-1)?.fields.remoteip).toBe("192.0.2.99");

    const quiet = makeCaptchaAuth(fake, { sendRemoteIp: false }).auth;
    await createTestClient(quiet).post("/sign-up/email", signUpBody(uniqueEmail()), withToken(fake.issue()));
    expect(fake.requests.at(-1)?.fields).not.toHaveProperty("remoteip");
  });

  it("refuses a token solved by another address (the provider checks remoteip)", async () => {
    const { auth } = makeCaptchaAuth(fake);
    const stolen = fake.issue({ ip: "203.0.113.7" });
    const r = await createTestClient(auth, undefined, "198.51.100.50").post(
      "/sign-up/email",
      signUpBody(uniqueEmail()),
      withToken(stolen),
    );
    expect(r.status).toBe(403);
  });

  it("refuses a huge or malformed token without asking the provider", async () => {
    const { auth } = makeCaptchaAuth(fake);
    const before = fake.requests.length;
    // A repeated header arrives joined ("a, b"): never one token, so refused as one.
    for (const token of ["0.".padEnd(20_000, "a"), "pass token", "tök", `${fake.issue()}, ${fake.issue()}`]) {
      const r = await createTestClient(auth).post("/sign-up/email", signUpBody(uniqueEmail()), withToken(token));
      expect(r.status).toBe(403);
    }
    expect(fake.requests.length).toBe(before);
  });

  it("answers 503 (never a pass, never a hang) when the provider is down or silent, and logs why", async () => {
    const down = await startFakeSiteVerify("cloudflare-turnstile");
    await down.close();
    const { auth, errors } = makeCaptchaAuth(down);
    const email = uniqueEmail();
    const r = await createTestClient(auth).post("/sign-up/email", signUpBody(email), withToken("0.anything"));
    expect(r.status).toBe(503);
    expect(r.body.code).toBe("CAPTCHA_SERVICE_UNAVAILABLE");
    expect(errors.join("\n")).toMatch(/could not be reached/);
    expect(await auth.$context.users.findByEmail(email)).toBeNull();

    const silent = await startFakeSiteVerify("cloudflare-turnstile");
    silent.misbehave("hang");
    const slow = makeCaptchaAuth(silent, { timeout: 300 });
    const started = Date.now();
    const s = await createTestClient(slow.auth).post(
      "/sign-in/email",
      { email, password: PASSWORD },
      withToken(silent.issue()),
    );
    expect(s.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(slow.errors.join("\n")).toMatch(/did not answer within 300 ms/);
    await silent.close();
  });

  it("answers 503 when the provider refuses our secret: a misconfiguration, not the visitor's failure", async () => {
    const { auth, errors } = makeCaptchaAuth(fake, { secretKey: "wrong-secret" });
    const r = await createTestClient(auth).post("/sign-up/email", signUpBody(uniqueEmail()), withToken(fake.issue()));
    expect(r.status).toBe(503);
    expect(errors.join("\n")).toMatch(/invalid-input-secret/);
    expect(errors.join("\n")).not.toContain("wrong-secret");
  });

  it("guards the endpoints it is given, wildcards included, and leaves the defaults alone then", async () => {
    const { auth } = makeCaptchaAuth(fake, { endpoints: ["/sign-in/*"] });
    const email = uniqueEmail();
    expect((await createTestClient(auth).post("/sign-up/email", signUpBody(email))).status).toBe(200);
    expect((await createTestClient(auth).post("/sign-in/email", { email, password: PASSWORD })).status).toBe(400);
  });

  it("does not ask server-side auth.api calls (the app's own code) for a token", async () => {
    const { auth } = makeCaptchaAuth(fake);
    const email = uniqueEmail();
    const result = await auth.api.signUpEmail({ body: signUpBody(email) });
    expect(result.user.email).toBe(email);
  });

  it("refuses to start when a configured path names no endpoint (it would guard nothing)", async () => {
    const auth = makeTestAuth({
      emailAndPassword: { enabled: true },
      plugins: [captcha({ provider: "hcaptcha", secretKey: "s", endpoints: ["/sign-up/emial"] })],
    });
    await expect(auth.ready()).rejects.toThrow(/no installed endpoint answers \/sign-up\/emial/);
  });
});
