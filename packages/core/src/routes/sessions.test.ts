import { describe, expect, it, vi } from "vitest";
import { createTestClient } from "../testing/test-client.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";

describe("session routes", () => {
  it("get-session is null without a cookie, with a tampered cookie (which it clears), and after sign-out", async () => {
    const auth = makeTestAuth();
    const anon = createTestClient(auth);
    expect((await anon.get("/get-session")).body).toBeNull();
    const { client } = await signUpUser(auth);
    const [name, value] = [...client.cookies].find(([k]) => k.endsWith("session_token"))!;
    const forged = createTestClient(auth);
    // Change one character of the token to a different one.
    forged.cookies.set(name, `${value.slice(0, 5)}${value[5] === "x" ? "y" : "x"}${value.slice(6)}`);
    const r = await forged.get("/get-session");
    expect(r.body).toBeNull();
    expect(r.headers.getSetCookie().some((c) => c.startsWith(`${name}=;`))).toBe(true);
    await client.post("/sign-out");
    expect((await client.get("/get-session")).body).toBeNull();
  });

  it("a protected route refused for a signed-out session's cookie answers 401 and clears that cookie", async () => {
    const auth = makeTestAuth();
    const { client } = await signUpUser(auth);
    const [name, value] = [...client.cookies].find(([k]) => k.endsWith("session_token"))!;
    const stale = createTestClient(auth);
    stale.cookies.set(name, value);
    await client.post("/sign-out");
    const r = await stale.get("/list-sessions");
    expect(r.status).toBe(401);
    expect(r.headers.getSetCookie().some((c) => c.startsWith(`${name}=;`))).toBe(true);
    expect(r.headers.get("cache-control")).toBe("no-store");
  });

  it("a session cookie with broken percent-encoding is no session, not a 500", async () => {
    const auth = makeTestAuth();
    const r = await createTestClient(auth).get("/get-session", {
      headers: { cookie: "gatehouse.session_token=%E0%A4%A" },
    });
    expect(r.status).toBe(200);
    expect(r.body).toBeNull();
  });

  it("list-sessions shows ids, never tokens; revoke-session takes an id, only for the caller", async () => {
    const auth = makeTestAuth();
    const a = await signUpUser(auth);
    // Two sign-ins in one millisecond would tie on createdAt, and ties have no order: keep them apart.
    await new Promise((r) => setTimeout(r, 3));
    const second = createTestClient(auth);
    const signIn = await second.post("/sign-in/email", { email: a.email, password: a.password });
    const list = await a.client.get("/list-sessions");
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(signIn.body.token);
    expect(JSON.stringify(list.body)).not.toContain(a.token);
    expect(list.body.every((s: Record<string, unknown>) => !("token" in s))).toBe(true);
    const own = (await a.client.get("/get-session")).body.session.id;
    // Newest first: the second sign-in, then the caller's own (marked current).
    expect(list.body.map((s: { id: string; current: boolean }) => [s.id === own, s.current])).toEqual([
      [false, false],
      [true, true],
    ]);
    const otherId = list.body.find((s: { current: boolean }) => !s.current).id;
    const b = await signUpUser(auth);
    // another user's session id or token: the delete is scoped to the caller, so nothing happens
    expect((await b.client.post("/revoke-session", { id: otherId })).status).toBe(200);
    expect((await b.client.post("/revoke-session", { token: signIn.body.token })).status).toBe(200);
    expect((await second.get("/get-session")).body).not.toBeNull();
    expect((await a.client.post("/revoke-session", { id: otherId })).body).toEqual({ status: true });
    expect((await second.get("/get-session")).body).toBeNull();
    expect((await a.client.get("/get-session")).body).not.toBeNull();
    // The better-auth shape: a token the caller holds (its own) still ends that session.
    expect((await a.client.post("/revoke-session", { token: a.token })).status).toBe(200);
    expect((await a.client.get("/get-session")).body).toBeNull();
    const both = await b.client.post("/revoke-session", { id: otherId, token: signIn.body.token });
    expect([both.status, both.body.code]).toEqual([400, "VALIDATION_ERROR"]);
  });

  it("session.listSessionTokens (better-auth compatibility, off by default) adds each session's token", async () => {
    const auth = makeTestAuth({ session: { listSessionTokens: true } });
    const a = await signUpUser(auth);
    const second = createTestClient(auth);
    const signIn = await second.post("/sign-in/email", { email: a.email, password: a.password });
    const list = await a.client.get("/list-sessions");
    expect(list.body.map((s: { token: string }) => s.token).sort()).toEqual([a.token, signIn.body.token].sort());
    expect(list.body.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    // Only the caller's own sessions are listed, whatever the option.
    const b = await signUpUser(auth);
    expect(JSON.stringify((await b.client.get("/list-sessions")).body)).not.toContain(a.token);
  });

  it("slides the expiry forward once the update age has passed, and expired sessions are gone", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const auth = makeTestAuth({ session: { expiresIn: 3600, updateAge: 600 } });
      const { client } = await signUpUser(auth);
      const first = (await client.get("/get-session")).body.session.expiresAt;
      vi.advanceTimersByTime(601_000);
      const refreshed = await client.get("/get-session");
      expect(Date.parse(refreshed.body.session.expiresAt)).toBeGreaterThan(Date.parse(first));
      expect(refreshed.headers.getSetCookie().some((c) => /session_token=.*Max-Age=3600/.test(c))).toBe(true);
      const noRefresh = await client.get("/get-session", { query: { disableRefresh: "true" } });
      expect(noRefresh.headers.getSetCookie()).toEqual([]);
      vi.advanceTimersByTime(3601_000);
      expect((await client.get("/get-session")).body).toBeNull();
      expect(await auth.$context.adapter.count({ model: "session" })).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("session-protected routes answer 401 without a session", async () => {
    const auth = makeTestAuth();
    const anon = createTestClient(auth);
    for (const [method, path] of [
      ["GET", "/list-sessions"],
      ["POST", "/revoke-sessions"],
      ["POST", "/update-user"],
      ["POST", "/change-password"],
    ] as const) {
      const r = method === "GET" ? await anon.get(path) : await anon.post(path, {});
      expect(r.status, path).toBe(401);
      expect(r.body.code).toBe("UNAUTHORIZED");
    }
  });
});
