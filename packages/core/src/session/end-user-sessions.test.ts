// Plugins learn of every route that ends all of a user's sessions (their trusted browsers and device
// sets must die too), inside the same transaction: a listener that throws leaves the sessions alive.
import { describe, expect, it } from "vitest";
import { AuthError } from "../errors/auth-error.js";
import { CORE_ERRORS } from "../errors/core-errors.js";
import { definePlugin } from "../plugins/plugin-types.js";
import type { SessionsEndedEvent } from "./end-user-sessions.js";
import { makeMailAuth } from "../testing/make-mail-auth.js";
import { signUpUser } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";

function listening(fail = false) {
  const events: Omit<SessionsEndedEvent, "db">[] = [];
  const plugin = definePlugin({
    id: "listener",
    onUserSessionsEnded({ userId, reason }) {
      if (fail) throw new AuthError(CORE_ERRORS.FAILED_TO_CREATE_SESSION);
      events.push({ userId, reason });
    },
  });
  return { events, ...makeMailAuth({ plugins: [plugin] }) };
}

describe("onUserSessionsEnded", () => {
  it("hears sign-out everywhere, a password change with revocation, a reset by link and a deletion", async () => {
    const { auth, events, lastMail } = listening();
    const u = await signUpUser(auth);
    await u.client.post("/revoke-other-sessions", {});
    await u.client.post("/revoke-sessions", {});
    const again = createTestClient(auth);
    await again.post("/sign-in/email", { email: u.email, password: u.password });
    await again.post("/change-password", {
      currentPassword: u.password,
      newPassword: "second-password-1",
      revokeOtherSessions: true,
    });
    // A plain password change keeps the sessions: nothing to hear.
    await again.post("/change-password", { currentPassword: "second-password-1", newPassword: "third-password-1" });
    await again.post("/request-password-reset", { email: u.email });
    const { token } = lastMail(u.email.toLowerCase(), "reset-password");
    await createTestClient(auth).post("/reset-password", { token, newPassword: "fourth-password-1" });
    const last = createTestClient(auth);
    await last.post("/sign-in/email", { email: u.email, password: "fourth-password-1" });
    expect((await last.post("/delete-user", { password: "fourth-password-1" })).status).toBe(200);
    expect(events).toEqual(
      ["signed-out-everywhere", "signed-out-everywhere", "password-changed", "password-reset", "user-deleted"].map(
        (reason) => ({ userId: u.userId, reason }),
      ),
    );
  });

  it("a listener that throws rolls the reset back: the token, the password and the sessions survive", async () => {
    const { auth, lastMail } = listening(true);
    const u = await signUpUser(auth);
    await createTestClient(auth).post("/request-password-reset", { email: u.email });
    const { token } = lastMail(u.email.toLowerCase(), "reset-password");
    const r = await createTestClient(auth).post("/reset-password", { token, newPassword: "fourth-password-1" });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect((await u.client.get("/get-session")).body?.user.id).toBe(u.userId);
    const signIn = await createTestClient(auth).post("/sign-in/email", { email: u.email, password: u.password });
    expect(signIn.status).toBe(200);
  });
});
