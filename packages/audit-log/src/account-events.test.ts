import { describe, expect, it, vi } from "vitest";
import { createTestClient, eventsOf, makeAuditAuth, newEmail, newUser, settle, storedEvents } from "./test-helpers.js";

const UA = { "user-agent": "Mozilla/5.0 (TestBrowser)" };

describe("account events over HTTP", () => {
  it("records sign-up, sign-in (with method, address and device), failed sign-ins and sign-out", async () => {
    const env = makeAuditAuth();
    const email = newEmail();
    const browser = createTestClient(env.auth, undefined, "203.0.113.7");
    const up = await browser.post("/sign-up/email", { name: "A", email, password: "password-123" }, { headers: UA });
    expect(up.status).toBe(200);
    const userId = up.body.user.id as string;
    const [signUp] = await eventsOf(env, "user.signed_up");
    expect(signUp).toMatchObject({ userId, actorUserId: userId, ipAddress: "203.0.113.7", outcome: "success" });
    expect(signUp?.userAgent).toBe(UA["user-agent"]);

    const other = createTestClient(env.auth, undefined, "198.51.100.9");
    expect((await other.post("/sign-in/email", { email, password: "wrong-password" }, { headers: UA })).status).toBe(
      401,
    );
    expect((await other.post("/sign-in/email", { email, password: "password-123" }, { headers: UA })).status).toBe(200);
    const [failed] = await eventsOf(env, "user.sign_in_failed");
    expect(failed).toMatchObject({
      userId,
      actorUserId: null,
      ipAddress: "198.51.100.9",
      outcome: "failure",
      details: { method: "email", status: 401, error: "INVALID_EMAIL_OR_PASSWORD" },
    });
    const [signedIn] = await eventsOf(env, "user.signed_in");
    expect(signedIn).toMatchObject({
      userId,
      actorUserId: userId,
      ipAddress: "198.51.100.9",
      details: { method: "email" },
    });

    // A failed sign-in to an address with no account is recorded without a subject.
    await other.post("/sign-in/email", { email: newEmail(), password: "password-123" });
    expect((await eventsOf(env, "user.sign_in_failed")).map((e) => e.userId)).toEqual([userId, null]);

    expect((await other.post("/sign-out")).status).toBe(200);
    const [out] = await eventsOf(env, "user.signed_out");
    expect(out).toMatchObject({ userId, actorUserId: userId, outcome: "success" });
  });

  it("records session revocations: one, others, all", async () => {
    const env = makeAuditAuth();
    const u = await newUser(env);
    const second = createTestClient(env.auth);
    const secondToken = (await second.post("/sign-in/email", { email: u.email, password: u.password })).body.token;
    // list-sessions answers ids, never tokens: the other session is the one not marked current.
    const sessions = await u.client.get("/list-sessions");
    const secondId = sessions.body.find((s: { current: boolean }) => !s.current)?.id;
    expect((await u.client.post("/revoke-session", { id: secondId })).status).toBe(200);
    expect((await u.client.post("/revoke-other-sessions")).status).toBe(200);
    expect((await u.client.post("/revoke-sessions")).status).toBe(200);
    const revoked = await eventsOf(env, "session.revoked");
    expect(revoked.map((e) => [e.userId, e.actorUserId, e.details.scope])).toEqual([
      [u.userId, u.userId, "one"],
      [u.userId, u.userId, "others"],
      [u.userId, u.userId, "all"],
    ]);
    // The revoked session's token is not in the row.
    expect(JSON.stringify(await storedEvents(env))).not.toContain(secondToken);
  });

  it("records password change (success and failure), reset request completion, and never a password or token", async () => {
    const env = makeAuditAuth();
    const u = await newUser(env);
    const wrong = await u.client.post("/change-password", {
      currentPassword: "not-it-at-all",
      newPassword: "secret-new-1",
    });
    expect(wrong.status).toBe(400);
    const ok = await u.client.post("/change-password", { currentPassword: u.password, newPassword: "secret-new-2" });
    expect(ok.status).toBe(200);
    expect((await eventsOf(env, "password.changed")).map((e) => [e.userId, e.outcome])).toEqual([
      [u.userId, "failure"],
      [u.userId, "success"],
    ]);

    await createTestClient(env.auth).post("/request-password-reset", { email: u.email });
    await settle();
    const mail = env.lastMail(u.email, "reset");
    const reset = await createTestClient(env.auth).post("/reset-password", {
      token: mail.token,
      newPassword: "secret-new-3",
    });
    expect(reset.status).toBe(200);
    const [resetEvent] = await eventsOf(env, "password.reset");
    expect(resetEvent).toMatchObject({ userId: u.userId, actorUserId: u.userId, outcome: "success" });
    // The reset ended every session (revokeSessionsOnPasswordReset): core's hook reports it too.
    const ended = (await eventsOf(env, "session.revoked")).filter((e) => e.details.reason === "password-reset");
    expect(ended.map((e) => e.userId)).toEqual([u.userId]);

    const all = JSON.stringify(await storedEvents(env));
    for (const secret of [
      u.password,
      "not-it-at-all",
      "secret-new-1",
      "secret-new-2",
      "secret-new-3",
      mail.token,
      u.token,
    ])
      expect(all).not.toContain(secret);
  });

  it("records email change requested, confirmed and completed, and email verified", async () => {
    const env = makeAuditAuth();
    const u = await newUser(env);
    // Unverified user: the change goes straight to a link to the new address.
    await createTestClient(env.auth).post("/send-verification-email", { email: u.email });
    // Signed out, the link is made and mailed after the answer.
    await vi.waitFor(() => env.lastMail(u.email, "verify"));
    const verify = env.lastMail(u.email, "verify");
    expect((await createTestClient(env.auth).get("/verify-email", { query: { token: verify.token } })).status).toBe(
      200,
    );
    const [verified] = await eventsOf(env, "email.verified");
    expect(verified).toMatchObject({ userId: u.userId, outcome: "success" });

    const target = newEmail("new");
    const r = await u.client.post("/change-email", { newEmail: target });
    expect(r.status).toBe(200);
    const [requested] = await eventsOf(env, "email.change_requested");
    expect(requested).toMatchObject({ userId: u.userId, details: { newEmail: target } });
    await settle();
    const confirm = env.lastMail(u.email, "confirm-change");
    expect((await u.client.get("/verify-email", { query: { token: confirm.token } })).status).toBe(200);
    expect(await eventsOf(env, "email.change_confirmed")).toHaveLength(1);
    await settle();
    const move = env.lastMail(target, "verify");
    expect((await u.client.get("/verify-email", { query: { token: move.token } })).status).toBe(200);
    const [changed] = await eventsOf(env, "email.changed");
    expect(changed).toMatchObject({ userId: u.userId });
    const all = JSON.stringify(await storedEvents(env));
    for (const t of [verify.token, confirm.token, move.token]) expect(all).not.toContain(t);
  });

  it("records account unlinked, user updated (field names only) and user deleted", async () => {
    const env = makeAuditAuth();
    const u = await newUser(env);
    const unlink = await u.client.post("/unlink-account", { providerId: "github" });
    expect(unlink.status).toBeGreaterThanOrEqual(400);
    expect((await eventsOf(env, "account.unlinked"))[0]).toMatchObject({
      userId: u.userId,
      outcome: "failure",
      details: { providerId: "github" },
    });
    expect((await u.client.post("/update-user", { name: "Private Name" })).status).toBe(200);
    const [updated] = await eventsOf(env, "user.updated");
    expect(updated).toMatchObject({ userId: u.userId, details: { fields: "name" } });
    expect(JSON.stringify(updated)).not.toContain("Private Name");
    expect((await u.client.post("/delete-user", { password: u.password })).status).toBe(200);
    const [deleted] = await eventsOf(env, "user.deleted");
    expect(deleted).toMatchObject({ userId: u.userId, actorUserId: u.userId, outcome: "success" });
  });
});

describe("failed sign-ins with input that names no account", () => {
  it("records a malformed address as an attempt on nobody (not a lost event)", async () => {
    const env = makeAuditAuth();
    const client = createTestClient(env.auth, undefined, "203.0.113.7");
    const r = await client.post("/sign-in/email", { email: "not-an-address", password: "password-123" });
    expect(r.status).toBe(400);
    const [failed] = await eventsOf(env, "user.sign_in_failed");
    expect(failed).toMatchObject({ userId: null, ipAddress: "203.0.113.7", details: { status: 400 } });
    expect(env.logged).toEqual([]);
  });
});
