import { describe, expect, it } from "vitest";
import { definePlugin } from "../plugins/plugin-types.js";
import type { SessionsEndedNotice } from "../session/announce-sessions-ended.js";
import { createTestClient } from "../testing/test-client.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";

// The cleanup job's session sweep tells the plugins' onSessionsEnded which sessions it deleted (reason
// "expired"), as every other way a session ends does: an OAuth provider's back-channel logout hangs on it.
const DAY = 24 * 3_600_000;

function listeningAuth() {
  const clock = { now: Date.UTC(2030, 0, 1) };
  const heard: SessionsEndedNotice[] = [];
  const listener = definePlugin({ id: "listener", onSessionsEnded: (notice) => void heard.push(notice) });
  const auth = makeTestAuth({ advanced: { now: () => clock.now }, plugins: [listener] });
  return { auth, clock, heard };
}

async function sessionRows(auth: ReturnType<typeof makeTestAuth>) {
  return auth.$context.adapter.findMany<{ id: string; userId: string }>({
    model: "session",
    select: ["id", "userId"],
  });
}

/** Sign-up plus `extra` sign-ins: 1 + extra sessions for one user. */
async function userWithSessions(auth: ReturnType<typeof makeTestAuth>, extra: number) {
  const user = await signUpUser(auth);
  for (let i = 0; i < extra; i++) {
    const r = await createTestClient(auth).post("/sign-in/email", { email: user.email, password: user.password });
    expect(r.status).toBe(200);
  }
  return user;
}

describe("auth.api.cleanup() announces the sessions it sweeps", () => {
  it("tells onSessionsEnded every swept id once, per user, reason expired, in batches of at most the batch size", async () => {
    const { auth, clock, heard } = listeningAuth();
    const a = await userWithSessions(auth, 2); // 3 sessions
    const b = await userWithSessions(auth, 1); // 2 sessions
    const expired = await sessionRows(auth);
    clock.now += 8 * DAY; // past the 7-day session lifetime
    const live = await userWithSessions(auth, 0);

    const { deleted } = await auth.api.cleanup({ body: { batchSize: 2 } });
    expect(deleted.session).toBe(5);
    for (const notice of heard) {
      expect(notice.reason).toBe("expired");
      expect(notice.sessionIds.length).toBeGreaterThan(0);
      expect(notice.sessionIds.length).toBeLessThanOrEqual(2);
      const owners = new Set(notice.sessionIds.map((id) => expired.find((s) => s.id === id)?.userId));
      expect([...owners]).toEqual([notice.userId]);
    }
    const announced = heard.flatMap((n) => n.sessionIds);
    expect(announced.length).toBe(5);
    expect(new Set(announced)).toEqual(new Set(expired.map((s) => s.id)));
    expect(new Set(heard.map((n) => n.userId))).toEqual(new Set([a.userId, b.userId]));
    // The live session is neither deleted nor announced; a second run has nothing to say.
    expect((await live.client.get("/get-session")).body.user.id).toBe(live.userId);
    expect((await auth.api.cleanup()).deleted.session).toBe(0);
    expect(heard.flatMap((n) => n.sessionIds).length).toBe(5);
  });

  it("two runs at once announce each swept session exactly once between them", async () => {
    const { auth, clock, heard } = listeningAuth();
    for (let i = 0; i < 3; i++) await userWithSessions(auth, 2);
    const expired = await sessionRows(auth);
    clock.now += 8 * DAY;
    const runs = await Promise.all([
      auth.api.cleanup({ body: { batchSize: 4 } }),
      auth.api.cleanup({ body: { batchSize: 4 } }),
    ]);
    expect(runs.reduce((sum, r) => sum + (r.deleted.session ?? 0), 0)).toBe(9);
    const announced = heard.flatMap((n) => n.sessionIds);
    expect(announced.length).toBe(9);
    expect(new Set(announced)).toEqual(new Set(expired.map((s) => s.id)));
  });

  it("does not announce again a session already announced when it was presented after its expiry", async () => {
    const { auth, clock, heard } = listeningAuth();
    const a = await userWithSessions(auth, 0);
    const b = await userWithSessions(auth, 0);
    clock.now += 8 * DAY;
    // Presenting the expired session deletes and announces it there and then.
    expect((await a.client.get("/get-session")).body).toBeNull();
    expect(heard.map((n) => n.userId)).toEqual([a.userId]);
    expect((await auth.api.cleanup()).deleted.session).toBe(1);
    expect(heard.map((n) => [n.userId, n.reason])).toEqual([
      [a.userId, "expired"],
      [b.userId, "expired"],
    ]);
  });

  it("deletes in one statement per batch when no plugin listens (nothing to announce)", async () => {
    const clock = { now: Date.UTC(2030, 0, 1) };
    const auth = makeTestAuth({ advanced: { now: () => clock.now } });
    await userWithSessions(auth, 2);
    clock.now += 8 * DAY;
    let deletes = 0;
    const adapter = auth.$context.adapter;
    const deleteMany = adapter.deleteMany.bind(adapter);
    adapter.deleteMany = (args) => {
      if (args.model === "session") deletes++;
      return deleteMany(args);
    };
    expect((await auth.api.cleanup()).deleted.session).toBe(3);
    expect(deletes).toBe(1);
  });
});
