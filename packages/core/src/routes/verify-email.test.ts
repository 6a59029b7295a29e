import { describe, expect, it, vi } from "vitest";
import { makeMailAuth } from "../testing/make-mail-auth.js";
import { signUpUser } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";

const pathOf = (url: string) => new URL(url).pathname.replace("/api/auth", "") + new URL(url).search;

describe("email verification", () => {
  it("sign-up mails a link; following it verifies, signs in, and the token is single use", async () => {
    const { auth, lastMail } = makeMailAuth();
    const { email, userId } = await signUpUser(auth, "Mixed.Case@Example.com");
    expect(email).toBe("Mixed.Case@Example.com");
    const mail = lastMail("mixed.case@example.com", "verify-email");
    const other = createTestClient(auth);
    const r = await other.get(pathOf(mail.url));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: true, user: { id: userId, emailVerified: true } });
    expect((await other.get("/get-session")).body.user.emailVerified).toBe(true);
    const again = await createTestClient(auth).get(pathOf(mail.url));
    // 401, as better-auth's client expects; the code and message are reset-password's (which stays 400).
    expect(again.status).toBe(401);
    expect(again.body).toEqual({ code: "INVALID_TOKEN", message: "invalid token" });
  });

  it("failures redirect to the callbackURL with an error code", async () => {
    const { auth, clock, lastMail } = makeMailAuth();
    const { email } = await signUpUser(auth);
    const bad = await createTestClient(auth).get("/verify-email", { query: { token: "nope", callbackURL: "/done" } });
    expect(bad.status).toBe(302);
    expect(bad.headers.get("location")).toBe("/done?error=invalid_token");
    clock.now += 3600_000;
    const expired = await createTestClient(auth).get("/verify-email", {
      query: { token: lastMail(email.toLowerCase()).token, callbackURL: "/done" },
    });
    expect(expired.headers.get("location")).toBe("/done?error=token_expired");
  });

  it("a link for a deleted user says user_not_found; a browser signed in as someone else gets unauthorized", async () => {
    const { auth, lastMail } = makeMailAuth();
    const a = await signUpUser(auth);
    const b = await signUpUser(auth);
    const tokenA = lastMail(a.email.toLowerCase()).token;
    const asB = await b.client.get("/verify-email", { query: { token: tokenA, callbackURL: "/x" } });
    expect(asB.headers.get("location")).toBe("/x?error=unauthorized");
    // The refusal did not use the token up: its owner can still verify with it.
    expect((await a.client.get("/verify-email", { query: { token: tokenA } })).body.status).toBe(true);
    await b.client.post("/send-verification-email", { email: b.email });
    const tokenB = lastMail(b.email.toLowerCase()).token;
    await auth.$context.adapter.delete({ model: "user", where: [{ field: "id", value: b.userId }] });
    const gone = await createTestClient(auth).get("/verify-email", { query: { token: tokenB, callbackURL: "/x" } });
    expect(gone.headers.get("location")).toBe("/x?error=user_not_found");
  });

  it("send-verification-email: own unverified address only when signed in; silent success when signed out", async () => {
    const { auth, mails } = makeMailAuth();
    const a = await signUpUser(auth);
    const before = mails.length;
    expect((await a.client.post("/send-verification-email", { email: "someone@else.com" })).body.code).toBe(
      "VERIFICATION_EMAIL_ONLY_OWN",
    );
    const anon = createTestClient(auth);
    expect((await anon.post("/send-verification-email", { email: "nobody@example.com" })).body).toEqual({
      status: true,
    });
    await afterBackgroundWork(auth);
    expect(mails.length).toBe(before);
    expect((await anon.post("/send-verification-email", { email: a.email.toUpperCase() })).body).toEqual({
      status: true,
    });
    await vi.waitFor(() => expect(mails.length).toBe(before + 1));
  });

  it("requireEmailVerification: sign-in of an unverified user is 403 and, with sendOnSignIn, mails a new link", async () => {
    const { auth, mails } = makeMailAuth({
      emailAndPassword: { requireEmailVerification: true },
      emailVerification: { sendOnSignIn: true },
    });
    const client = createTestClient(auth);
    const up = await client.post("/sign-up/email", { name: "U", email: "u@example.com", password: "password-123" });
    expect(up.body.token).toBeNull();
    expect(mails).toHaveLength(1);
    const wrong = await client.post("/sign-in/email", { email: "u@example.com", password: "wrong-password" });
    expect(wrong.status).toBe(401);
    expect(mails).toHaveLength(1);
    const r = await client.post("/sign-in/email", { email: "u@example.com", password: "password-123" });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe("Email not verified");
    expect(mails).toHaveLength(2);
  });

  it("signed-out send-verification-email: unknown, unverified and verified addresses get the same answer after the same work", async () => {
    const { auth, mails, lastMail } = makeMailAuth();
    const unverified = await signUpUser(auth);
    const verified = await signUpUser(auth);
    await createTestClient(auth).get(pathOf(lastMail(verified.email.toLowerCase(), "verify-email").url));
    // Every storage call the request makes, by method: the work must not depend on the address.
    const adapter = auth.$context.adapter as unknown as Record<string, (...args: unknown[]) => unknown>;
    const calls: string[] = [];
    for (const method of ["create", "findOne", "findMany", "update", "updateMany", "delete", "deleteMany", "count"]) {
      const original = adapter[method]!.bind(adapter);
      adapter[method] = (...args: unknown[]) => {
        calls.push(`${method}:${(args[0] as { model: string }).model}`);
        return original(...args);
      };
    }
    const answers = [];
    for (const email of ["nobody@example.com", unverified.email, verified.email]) {
      calls.length = 0;
      const before = mails.length;
      const r = await createTestClient(auth).post("/send-verification-email", { email });
      // Nothing touches storage before the answer; the lookup and the token come after it.
      const onPath = [...calls];
      await afterBackgroundWork(auth);
      answers.push({ status: r.status, text: r.text, onPath, calls: [...calls], mailed: mails.length - before });
    }
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.map((a) => a.onPath)).toEqual([[], [], []]);
    expect(answers[0]!.calls.length).toBeGreaterThan(0);
    expect(answers[1]!.calls).toEqual(answers[0]!.calls);
    expect(answers[2]!.calls).toEqual(answers[0]!.calls);
    expect(answers.map((a) => a.mailed)).toEqual([0, 1, 0]);
    // The decoy written for the others is no usable link: nothing but the real token verifies.
    expect((await createTestClient(auth).get(pathOf(lastMail(unverified.email.toLowerCase()).url))).status).toBe(200);
  });

  it("signed out, an unknown and an unverified address get byte-identical answers; the link still goes out", async () => {
    const { auth, mails, lastMail } = makeMailAuth();
    const unverified = await signUpUser(auth);
    const shape = async (email: string) => {
      const r = await createTestClient(auth).post("/send-verification-email", { email });
      const headers = [...r.headers].filter(([name]) => name !== "date");
      return { status: r.status, headers, body: r.text };
    };
    const before = mails.length;
    const unknown = await shape("nobody-at-all@example.com");
    const known = await shape(unverified.email);
    expect(known).toEqual(unknown);
    await vi.waitFor(() => expect(mails.length).toBe(before + 1));
    expect(lastMail(unverified.email.toLowerCase()).url).toContain("/verify-email?token=");
  });

  it("send-verification-email answers without waiting for the mail to go out", async () => {
    let release: () => void = () => {};
    let called = false;
    let sent = false;
    const { auth } = makeMailAuth({
      emailVerification: {
        sendOnSignUp: false,
        sendVerificationEmail: () =>
          new Promise<void>((resolve) => {
            called = true;
            release = () => {
              sent = true;
              resolve();
            };
          }),
      },
    });
    const { email } = await signUpUser(auth);
    const r = await createTestClient(auth).post("/send-verification-email", { email });
    expect(r.body).toEqual({ status: true });
    expect(sent).toBe(false); // the sender is still pending: the answer did not wait for it
    await vi.waitFor(() => expect(called).toBe(true));
    release();
    expect(sent).toBe(true);
  });

  it("a decoy verification token (no user) is refused like an unknown one", async () => {
    const { auth } = makeMailAuth();
    const token = await auth.$context.tokens.issue("verify-email", { userId: null }, 3600);
    const r = await createTestClient(auth).get("/verify-email", { query: { token, callbackURL: "/x" } });
    expect(r.headers.get("location")).toBe("/x?error=invalid_token");
  });
});

/** Lets the work a signed-out send-verification-email leaves for after its answer run (a timer, then I/O). */
const afterBackgroundWork = (auth: { settled(): Promise<void> }) => auth.settled();
