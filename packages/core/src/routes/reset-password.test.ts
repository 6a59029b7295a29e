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

  describe("outstanding reset links die with the password or email they were meant to replace", () => {
    const follow = (client: ReturnType<typeof createTestClient>, url: string) =>
      client.get(new URL(url).pathname.replace("/api/auth", "") + new URL(url).search);

    async function requestReset(auth: ReturnType<typeof makeMailAuth>["auth"], email: string, lastMail: LastMail) {
      await createTestClient(auth).post("/request-password-reset", { email });
      return lastMail(email.toLowerCase(), "reset-password").token;
    }
    type LastMail = ReturnType<typeof makeMailAuth>["lastMail"];
    const tryReset = (auth: ReturnType<typeof makeMailAuth>["auth"], token: string) =>
      createTestClient(auth).post("/reset-password", { newPassword: "attacker-password", token });

    it("using one reset link voids the others of that user, not other users' links", async () => {
      const { auth, lastMail } = makeMailAuth();
      const { email } = await signUpUser(auth);
      const other = await signUpUser(auth);
      const first = await requestReset(auth, email, lastMail);
      const second = await requestReset(auth, email, lastMail);
      const othersToken = await requestReset(auth, other.email, lastMail);
      expect((await tryReset(auth, second)).body).toEqual({ status: true });
      const dead = await tryReset(auth, first);
      expect(dead.status).toBe(400);
      expect(dead.body.code).toBe("INVALID_TOKEN");
      // The link itself reports the token as dead too.
      const link = await createTestClient(auth).get(`/reset-password/${first}`, { query: { callbackURL: "/r" } });
      expect(link.headers.get("location")).toBe("/r?error=INVALID_TOKEN");
      expect((await tryReset(auth, othersToken)).status).toBe(200);
      // A link asked for afterwards works.
      expect((await tryReset(auth, await requestReset(auth, email, lastMail))).status).toBe(200);
    });

    it("a password change voids them, with or without revokeOtherSessions", async () => {
      const { auth, lastMail } = makeMailAuth();
      const { email, client } = await signUpUser(auth);
      const before = await requestReset(auth, email, lastMail);
      await client.post("/change-password", { currentPassword: "password-123", newPassword: "password-456" });
      expect((await tryReset(auth, before)).status).toBe(400);
      const again = await requestReset(auth, email, lastMail);
      await client.post("/change-password", {
        currentPassword: "password-456",
        newPassword: "password-789",
        revokeOtherSessions: true,
      });
      expect((await tryReset(auth, again)).status).toBe(400);
      expect((await createTestClient(auth).post("/sign-in/email", { email, password: "password-789" })).status).toBe(
        200,
      );
    });

    it("a refused password change voids nothing", async () => {
      const { auth, lastMail } = makeMailAuth();
      const { email, client } = await signUpUser(auth);
      const token = await requestReset(auth, email, lastMail);
      await client.post("/change-password", { currentPassword: "wrong-password", newPassword: "password-456" });
      expect((await tryReset(auth, token)).status).toBe(200);
    });

    it("setting a password (server API) voids them", async () => {
      const { auth, lastMail } = makeMailAuth();
      const { email, client, userId } = await signUpUser(auth);
      const token = await requestReset(auth, email, lastMail);
      await auth.$context.adapter.deleteMany({ model: "account", where: [{ field: "userId", value: userId }] });
      const headers = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") };
      expect(await auth.api.setPassword({ body: { newPassword: "password-456" }, headers })).toEqual({ status: true });
      expect((await tryReset(auth, token)).status).toBe(400);
    });

    it("a completed email change voids them; a merely requested one does not", async () => {
      const { auth, lastMail } = makeMailAuth();
      const { email, client } = await signUpUser(auth);
      const token = await requestReset(auth, email, lastMail);
      await client.post("/change-email", { newEmail: "moved-away@example.com" });
      const kept = await requestReset(auth, email, lastMail);
      // Requested, not completed: still valid (checked by peeking through the link, which spends nothing).
      const link = await createTestClient(auth).get(`/reset-password/${kept}`, { query: { callbackURL: "/r" } });
      expect(link.headers.get("location")).toBe(`/r?token=${kept}`);
      await follow(client, lastMail("moved-away@example.com", "verify-email").url);
      expect((await client.get("/get-session")).body.user.email).toBe("moved-away@example.com");
      expect((await tryReset(auth, token)).status).toBe(400);
      expect((await tryReset(auth, kept)).status).toBe(400);
    });
  });
});
