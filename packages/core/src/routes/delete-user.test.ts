import { describe, expect, it } from "vitest";
import { makeMailAuth } from "../testing/make-mail-auth.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";

describe("delete user", () => {
  it("without password or token mails a 32-char [0-9a-z] token; the link deletes user, sessions and accounts", async () => {
    const { auth, lastMail } = makeMailAuth();
    const { client, email, userId } = await signUpUser(auth);
    const second = createTestClient(auth);
    await second.post("/sign-in/email", { email, password: "password-123" });
    const r = await client.post("/delete-user", { callbackURL: "/bye" });
    expect(r.body).toEqual({ success: true, message: "Verification email sent" });
    const { token } = lastMail(email.toLowerCase(), "delete-account");
    expect(token).toMatch(/^[0-9a-z]{32}$/);
    const cb = await client.get("/delete-user/callback", { query: { token, callbackURL: "/bye" } });
    expect(cb.headers.get("location")).toBe("/bye");
    expect((await second.get("/get-session")).body).toBeNull();
    const adapter = auth.$context.adapter;
    expect(await adapter.count({ model: "user", where: [{ field: "id", value: userId }] })).toBe(0);
    expect(await adapter.count({ model: "account", where: [{ field: "userId", value: userId }] })).toBe(0);
    expect(await adapter.count({ model: "session", where: [{ field: "userId", value: userId }] })).toBe(0);
  });

  it("the emailed link deletes nothing without the owner's session, and the token stays usable", async () => {
    const { auth, lastMail } = makeMailAuth();
    const { client, email, password, userId } = await signUpUser(auth);
    await client.post("/delete-user", { callbackURL: "/bye" });
    const { token, url } = lastMail(email.toLowerCase(), "delete-account");
    // A mail scanner or link preview: no cookies, GET and HEAD.
    const scanner = createTestClient(auth);
    const redirected = await scanner.get("/delete-user/callback", { query: { token, callbackURL: "/bye" } });
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("/bye?error=session_required");
    const asJson = await scanner.get("/delete-user/callback", { query: { token } });
    expect(asJson.status).toBe(401);
    expect((await auth.handler(new Request(url, { method: "HEAD" }))).status).toBe(302);
    // The same answer for a made-up token: a signed-out caller learns nothing about tokens.
    const madeUp = await scanner.get("/delete-user/callback", {
      query: { token: "x".repeat(32), callbackURL: "/bye" },
    });
    expect(madeUp.headers.get("location")).toBe("/bye?error=session_required");
    const adapter = auth.$context.adapter;
    expect(await adapter.count({ model: "user", where: [{ field: "id", value: userId }] })).toBe(1);

    // Another user's browser: refused, token still unspent.
    const other = await signUpUser(auth);
    const stranger = await other.client.get("/delete-user/callback", { query: { token, callbackURL: "/bye" } });
    expect(stranger.headers.get("location")).toBe("/bye?error=unauthorized");
    expect((await other.client.get("/get-session")).body.user.id).toBe(other.userId);

    // POST with the token needs the owner's session just the same.
    expect((await scanner.post("/delete-user", { token })).status).toBe(401);
    expect((await other.client.post("/delete-user", { token })).body.code).toBe("INVALID_TOKEN");

    // The owner, signed in again in the scanner's browser, follows the same link: deleted.
    await scanner.post("/sign-in/email", { email, password });
    const owner = await scanner.get("/delete-user/callback", { query: { token, callbackURL: "/bye" } });
    expect(owner.headers.get("location")).toBe("/bye");
    expect(await adapter.count({ model: "user", where: [{ field: "id", value: userId }] })).toBe(0);
    expect((await client.get("/get-session")).body).toBeNull();
  });

  it("the link reports an expired or unknown token to the signed-in owner without deleting", async () => {
    const { auth, lastMail, clock } = makeMailAuth();
    const { client, email, userId } = await signUpUser(auth);
    await client.post("/delete-user", {});
    const { token } = lastMail(email.toLowerCase(), "delete-account");
    const unknown = await client.get("/delete-user/callback", { query: { token: "nope", callbackURL: "/bye" } });
    expect(unknown.headers.get("location")).toBe("/bye?error=invalid_token");
    expect((await client.get("/delete-user/callback", { query: { token: "nope" } })).body.code).toBe("INVALID_TOKEN");
    clock.now += 86_401_000;
    const expired = await client.get("/delete-user/callback", { query: { token, callbackURL: "/bye" } });
    expect(expired.headers.get("location")).toBe("/bye?error=token_expired");
    const adapter = auth.$context.adapter;
    expect(await adapter.count({ model: "user", where: [{ field: "id", value: userId }] })).toBe(1);
  });

  it("a wrong password is 400 Invalid password; the right one deletes at once", async () => {
    const { auth } = makeMailAuth();
    const { client } = await signUpUser(auth);
    const wrong = await client.post("/delete-user", { password: "not-it" });
    expect(wrong.body).toMatchObject({ code: "INVALID_PASSWORD", message: "Invalid password" });
    expect((await client.post("/delete-user", { password: "password-123" })).body).toEqual({
      success: true,
      message: "User deleted",
    });
    expect((await client.get("/get-session")).body).toBeNull();
  });

  it("tokens are per user, single use, and expire after 86400 s by default", async () => {
    const { auth, lastMail, clock } = makeMailAuth();
    const a = await signUpUser(auth);
    const b = await signUpUser(auth);
    await a.client.post("/delete-user", {});
    const tokenA = lastMail(a.email.toLowerCase(), "delete-account").token;
    expect((await b.client.post("/delete-user", { token: tokenA })).body.message).toBe("invalid token");
    const asB = await b.client.get("/delete-user/callback", { query: { token: tokenA, callbackURL: "/x" } });
    expect(asB.headers.get("location")).toBe("/x?error=unauthorized");
    clock.now += 86_401_000;
    expect((await a.client.post("/delete-user", { token: tokenA })).status).toBe(400);
    expect((await a.client.get("/get-session")).body.user.id).toBe(a.userId);
  });

  it("without an email sender, a fresh session deletes directly and a stale one is refused", async () => {
    const auth = makeTestAuth({ user: { deleteUser: { enabled: true } }, session: { freshAge: 60 } });
    const { client } = await signUpUser(auth);
    expect((await client.post("/delete-user", {})).body.success).toBe(true);
    const clock = { now: Date.now() };
    const stale = makeTestAuth({
      user: { deleteUser: { enabled: true } },
      session: { freshAge: 60 },
      advanced: { now: () => clock.now },
    });
    const s = await signUpUser(stale);
    clock.now += 61_000;
    expect((await s.client.post("/delete-user", {})).body.code).toBe("SESSION_NOT_FRESH");
  });

  it("is off unless enabled", async () => {
    const auth = makeTestAuth();
    const { client } = await signUpUser(auth);
    expect((await client.post("/delete-user", { password: "password-123" })).body.message).toBe(
      "Delete user is disabled",
    );
  });
});
