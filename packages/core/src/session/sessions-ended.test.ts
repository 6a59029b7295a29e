// Plugins learn of every session that ends, one or many, through HTTP routes: which sessions (by id),
// whose and why, after the delete committed. A listener's failure is logged and the sign-out still
// answers; a rolled-back transaction announces nothing.
import { describe, expect, it } from "vitest";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { definePlugin } from "../plugins/plugin-types.js";
import type { SessionsEndedNotice } from "./announce-sessions-ended.js";
import { makeMailAuth } from "../testing/make-mail-auth.js";
import { signUpUser } from "../testing/make-test-auth.js";
import { type TestClient, createTestClient } from "../testing/test-client.js";

function listening(options: { fail?: boolean; rollback?: boolean } = {}) {
  const notices: SessionsEndedNotice[] = [];
  const errors: string[] = [];
  const plugin = definePlugin({
    id: "listener",
    onSessionsEnded(notice) {
      if (options.fail) throw new Error("listener broke");
      notices.push({ ...notice, sessionIds: [...notice.sessionIds].sort() });
    },
    onUserSessionsEnded() {
      if (options.rollback) throw new AuthError(CORE_ERRORS.FAILED_TO_CREATE_SESSION);
    },
  });
  const made = makeMailAuth({ plugins: [plugin], logger: { error: (m: string) => void errors.push(m), warn() {} } });
  return { notices, errors, ...made };
}

const sessionIdOf = async (client: TestClient) => (await client.get("/get-session")).body?.session.id as string;

describe("onSessionsEnded", () => {
  it("hears sign-out and revoke-session with the one session's id", async () => {
    const { auth, notices } = listening();
    const u = await signUpUser(auth);
    const other = createTestClient(auth);
    await other.post("/sign-in/email", { email: u.email, password: u.password });
    const otherId = await sessionIdOf(other);
    const ownId = await sessionIdOf(u.client);
    expect((await u.client.post("/revoke-session", { id: otherId })).status).toBe(200);
    expect((await u.client.post("/sign-out", {})).status).toBe(200);
    expect(notices).toEqual([
      { userId: u.userId, sessionIds: [otherId], reason: "revoked" },
      { userId: u.userId, sessionIds: [ownId], reason: "signed-out" },
    ]);
    // Revoking a session that is already gone ends nothing, so nothing is announced.
    const again = createTestClient(auth);
    await again.post("/sign-in/email", { email: u.email, password: u.password });
    await again.post("/revoke-session", { id: otherId });
    expect(notices).toHaveLength(2);
  });

  it("hears revoke-other-sessions, a password change with revocation and revoke-sessions with every id", async () => {
    const { auth, notices } = listening();
    const u = await signUpUser(auth);
    const clients = [createTestClient(auth), createTestClient(auth)];
    for (const c of clients) await c.post("/sign-in/email", { email: u.email, password: u.password });
    const [a, b] = [await sessionIdOf(clients[0] as TestClient), await sessionIdOf(clients[1] as TestClient)];
    const own = await sessionIdOf(u.client);
    await u.client.post("/revoke-other-sessions", {});
    expect(notices).toEqual([{ userId: u.userId, sessionIds: [a, b].sort(), reason: "signed-out-everywhere" }]);

    const c = createTestClient(auth);
    await c.post("/sign-in/email", { email: u.email, password: u.password });
    const cId = await sessionIdOf(c);
    const changed = await u.client.post("/change-password", {
      currentPassword: u.password,
      newPassword: "second-password-1",
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    // change-password replaces the caller's session too: every id that existed before is announced.
    expect(notices[1]?.reason).toBe("password-changed");
    expect(notices[1]?.sessionIds).toContain(cId);
    expect(notices[1]?.sessionIds).toContain(own);

    const d = createTestClient(auth);
    await d.post("/sign-in/email", { email: u.email, password: "second-password-1" });
    const dId = await sessionIdOf(d);
    await d.post("/revoke-sessions", {});
    expect(notices[2]).toMatchObject({ userId: u.userId, reason: "signed-out-everywhere" });
    expect(notices[2]?.sessionIds).toContain(dId);
  });

  it("hears a deletion after it committed, and a rolled-back reset not at all", async () => {
    const { auth, notices } = listening();
    const u = await signUpUser(auth);
    const own = await sessionIdOf(u.client);
    expect((await u.client.post("/delete-user", { password: u.password })).status).toBe(200);
    expect(notices).toEqual([{ userId: u.userId, sessionIds: [own], reason: "user-deleted" }]);

    const broken = listening({ rollback: true });
    const v = await signUpUser(broken.auth);
    await createTestClient(broken.auth).post("/request-password-reset", { email: v.email });
    const { token } = broken.lastMail(v.email.toLowerCase(), "reset-password");
    const r = await createTestClient(broken.auth).post("/reset-password", { token, newPassword: "fourth-password-1" });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(broken.notices).toEqual([]);
    expect((await v.client.get("/get-session")).body?.user.id).toBe(v.userId);
  });

  it("hears an expired session when it is presented, once", async () => {
    const { auth, notices, clock } = listening();
    const u = await signUpUser(auth);
    const own = await sessionIdOf(u.client);
    clock.now += (auth.$context.options.session.expiresIn + 1) * 1000;
    expect((await u.client.get("/get-session")).body).toBeNull();
    expect((await u.client.get("/get-session")).body).toBeNull();
    expect(notices).toEqual([{ userId: u.userId, sessionIds: [own], reason: "expired" }]);
  });

  it("a listener that throws is logged; the sign-out still answers and the session is gone", async () => {
    const { auth, errors } = listening({ fail: true });
    const u = await signUpUser(auth);
    const r = await u.client.post("/sign-out", {});
    expect(r.status).toBe(200);
    expect((await u.client.get("/get-session")).body).toBeNull();
    expect(errors.some((m) => m.includes("onSessionsEnded"))).toBe(true);
  });
});
