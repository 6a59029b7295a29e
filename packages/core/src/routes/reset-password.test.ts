import { describe, expect, it } from "vitest";
import { makeMailAuth } from "../testing/make-mail-auth.js";
import { signUpUser } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";

describe("password reset", () => {
  it("answers status true for known and unknown emails alike, mailing only the known one (case-insensitively)", async () => {
    const { auth, mails } = makeMailAuth();
    const { email } = await signUpUser(auth);
    const anon = createTestClient(auth);
    const before = mails.length;
    expect((await anon.post("/request-password-reset", { email: "ghost@example.com" })).body).toEqual({ status: true });
    expect(mails.length).toBe(before);
    expect((await anon.post("/forget-password", { email: email.toUpperCase() })).body).toEqual({ status: true });
    const mail = mails.at(-1)!;
    expect(mail).toMatchObject({ type: "reset-password", to: email.toLowerCase() });
    expect(mail.token).toMatch(/^[A-Za-z0-9]{24}$/);
  });

  it("the emailed link forwards the token to the callbackURL, or error=INVALID_TOKEN", async () => {
    const { auth, lastMail } = makeMailAuth();
    const { email } = await signUpUser(auth);
    const anon = createTestClient(auth);
    await anon.post("/request-password-reset", { email, redirectTo: "/reset" });
    const { url, token } = lastMail(email.toLowerCase(), "reset-password");
    const follow = await anon.get(new URL(url).pathname.replace("/api/auth", "") + new URL(url).search);
    expect(follow.headers.get("location")).toBe(`/reset?token=${token}`);
    const bad = await anon.get("/reset-password/nope", { query: { callbackURL: "/reset" } });
    expect(bad.headers.get("location")).toBe("/reset?error=INVALID_TOKEN");
  });

  it("sets the new password once, ends every session, and refuses the token afterwards", async () => {
    const { auth, lastMail } = makeMailAuth();
    const { email, client } = await signUpUser(auth);
    const anon = createTestClient(auth);
    await anon.post("/request-password-reset", { email });
    const { token } = lastMail(email.toLowerCase(), "reset-password");
    expect((await anon.post("/reset-password", { newPassword: "short", token })).body.code).toBe("PASSWORD_TOO_SHORT");
    expect((await anon.post("/reset-password", { newPassword: "brand-new-password", token })).body).toEqual({
      status: true,
    });
    expect((await client.get("/get-session")).body).toBeNull();
    expect((await anon.post("/sign-in/email", { email, password: "brand-new-password" })).status).toBe(200);
    expect((await anon.post("/sign-in/email", { email, password: "password-123" })).status).toBe(401);
    const reuse = await anon.post("/reset-password", { newPassword: "another-password", token });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe("invalid token");
  });

  it("expires after resetPasswordTokenExpiresIn by the injected clock", async () => {
    const { auth, lastMail, clock } = makeMailAuth({ emailAndPassword: { resetPasswordTokenExpiresIn: 60 } });
    const { email } = await signUpUser(auth);
    const anon = createTestClient(auth);
    await anon.post("/request-password-reset", { email });
    const { token } = lastMail(email.toLowerCase(), "reset-password");
    clock.now += 61_000;
    expect((await anon.get(`/reset-password/${token}`, { query: { callbackURL: "/r" } })).headers.get("location")).toBe(
      "/r?error=INVALID_TOKEN",
    );
    expect((await anon.post("/reset-password", { newPassword: "brand-new-password", token })).status).toBe(400);
  });

  it("refuses an untrusted redirectTo with 403 and sends nothing", async () => {
    const { auth, mails } = makeMailAuth();
    const { email } = await signUpUser(auth);
    const before = mails.length;
    const r = await createTestClient(auth).post("/request-password-reset", {
      email,
      redirectTo: "https://evil.example.com/x",
    });
    expect(r.status).toBe(403);
    expect(mails.length).toBe(before);
  });
});
