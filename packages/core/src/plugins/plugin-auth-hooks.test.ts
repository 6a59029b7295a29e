import { describe, expect, it } from "vitest";
import { AuthError, defineErrors } from "../errors/auth-error.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";
import type { UserValidationSource } from "../session/create-user-validation.js";
import { definePlugin } from "./plugin-types.js";

const ERRORS = defineErrors({
  BAD_KEY: { status: 401, message: "Bad test key" },
  BLOCKED: { status: 403, message: "Blocked user" },
});

/** A plugin that signs requests in by `x-test-key: <email>` and refuses sessions for blocked emails. */
function keyPlugin(blocked: Set<string>) {
  let lookup: ((email: string) => Promise<unknown>) | null = null;
  return definePlugin({
    id: "test-key",
    errors: ERRORS,
    init(ctx) {
      lookup = async (email) => ctx.users.findByEmail(email);
    },
    async authenticate(ctx) {
      const key = ctx.headers.get("x-test-key");
      if (!key) return null;
      if (key === "bad") throw new AuthError(ERRORS.BAD_KEY);
      const user = (await lookup?.(key)) as { id: string } | null;
      if (!user) return null;
      const now = new Date();
      return {
        session: { id: "key", token: "", userId: user.id, expiresAt: now, createdAt: now, updatedAt: now },
        user: user as never,
        credential: { kind: "bearer" as const },
      };
    },
    beforeSessionCreate(user) {
      if (blocked.has(user.email)) throw new AuthError(ERRORS.BLOCKED);
    },
  });
}

describe("plugin authenticate and beforeSessionCreate", () => {
  it("authenticates get-session and required endpoints from a header; a throw refuses", async () => {
    const auth = makeTestAuth({ plugins: [keyPlugin(new Set())] });
    const { email, userId } = await signUpUser(auth, "key@example.com");
    const anon = createTestClient(auth);
    const session = await anon.get("/get-session", { headers: { "x-test-key": email } });
    expect(session.status).toBe(200);
    expect(session.body.user.id).toBe(userId);
    expect((await anon.get("/list-accounts", { headers: { "x-test-key": email } })).status).toBe(200);
    expect((await anon.get("/list-accounts")).status).toBe(401);
    const bad = await anon.get("/get-session", { headers: { "x-test-key": "bad" } });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe("Bad test key");
    expect((await anon.get("/get-session", { headers: { "x-test-key": "nobody@example.com" } })).body).toBeNull();
  });

  it("a cookie session wins over the header", async () => {
    const auth = makeTestAuth({ plugins: [keyPlugin(new Set())] });
    await signUpUser(auth, "other@example.com");
    const { client, userId } = await signUpUser(auth, "me@example.com");
    const r = await client.get("/get-session", { headers: { "x-test-key": "other@example.com" } });
    expect(r.body.user.id).toBe(userId);
  });

  it("beforeSessionCreate refuses sign-in and sign-up without leaving a session or user", async () => {
    const blocked = new Set<string>();
    const auth = makeTestAuth({ plugins: [keyPlugin(blocked)] });
    const { email, password, userId } = await signUpUser(auth, "later@example.com");
    blocked.add(email);
    const r = await createTestClient(auth).post("/sign-in/email", { email, password });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe("Blocked user");
    const ctx = await auth.$context;
    expect(await ctx.sessions.listByUser(userId)).toHaveLength(1);
    blocked.add("new@example.com");
    const up = await createTestClient(auth).post("/sign-up/email", { name: "N", email: "new@example.com", password });
    expect(up.status).toBe(403);
    expect(await ctx.users.findByEmail("new@example.com")).toBeNull();
  });
});

/** Authenticates `x-test-key: <email>` like keyPlugin, refuses blocked users through validateUser only. */
function validatingPlugin(blocked: Set<string>, seen: UserValidationSource[], held = new Set<string>()) {
  let lookup: ((email: string) => Promise<unknown>) | null = null;
  return definePlugin({
    id: "validating",
    errors: ERRORS,
    init(ctx) {
      lookup = async (email) => ctx.users.findByEmail(email);
    },
    async authenticate(ctx) {
      const key = ctx.headers.get("x-test-key");
      const user = key ? ((await lookup?.(key)) as { id: string } | null) : null;
      if (!user) return null;
      const now = new Date();
      return {
        session: { id: "key", token: "", userId: user.id, expiresAt: now, createdAt: now, updatedAt: now },
        user: user as never,
        credential: { kind: "bearer" as const },
      };
    },
    validateUser(user, source) {
      seen.push(source);
      if (blocked.has(user.email)) throw new AuthError(ERRORS.BLOCKED);
    },
    canRefreshSession: (session) => !held.has(session.id),
  });
}

describe("plugin validateUser", () => {
  it("refuses an authenticate result: get-session and session routes answer the plugin's error", async () => {
    const blocked = new Set<string>();
    const seen: UserValidationSource[] = [];
    const auth = makeTestAuth({ plugins: [validatingPlugin(blocked, seen)] });
    const { email } = await signUpUser(auth, "api@example.com");
    const anon = createTestClient(auth);
    const asKey = { headers: { "x-test-key": email } };
    expect((await anon.get("/get-session", asKey)).body.user.email).toBe(email);
    expect(seen).toContain("authenticate");
    blocked.add(email);
    for (const r of [await anon.get("/get-session", asKey), await anon.get("/list-accounts", asKey)]) {
      expect(r.status).toBe(403);
      expect(r.body).toEqual({ code: "BLOCKED", message: "Blocked user" });
    }
    expect((await anon.post("/update-user", { name: "Changed" }, asKey)).status).toBe(403);
    expect((await auth.$context.users.findByEmail(email))?.name).toBe("Test");
  });

  it("refuses new sessions and stored sessions a cookie names, until the user is let through again", async () => {
    const blocked = new Set<string>();
    const seen: UserValidationSource[] = [];
    const auth = makeTestAuth({ plugins: [validatingPlugin(blocked, seen)] });
    const { client, email, password } = await signUpUser(auth, "cookie@example.com");
    expect(seen).toEqual(["new-session"]);
    blocked.add(email);
    // A session that exists already (say, created while the block was being written) is refused too.
    const r = await client.get("/get-session");
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("BLOCKED");
    expect((await client.get("/list-sessions")).status).toBe(403);
    expect(seen).toContain("session");
    const signIn = await createTestClient(auth).post("/sign-in/email", { email, password });
    expect(signIn.status).toBe(403);
    expect(signIn.body.code).toBe("BLOCKED");
    blocked.delete(email);
    expect((await client.get("/get-session")).body.user.email).toBe(email);
  });
});

describe("plugin canRefreshSession", () => {
  it("keeps a held session from sliding forward; it expires on time (injected clock)", async () => {
    const clock = { now: Date.now() };
    const held = new Set<string>();
    const auth = makeTestAuth({
      session: { expiresIn: 3600, updateAge: 600 },
      advanced: { now: () => clock.now },
      plugins: [validatingPlugin(new Set(), [], held)],
    });
    const free = await signUpUser(auth, "free@example.com");
    const kept = await signUpUser(auth, "kept@example.com");
    const keptSession = (await kept.client.get("/get-session")).body.session;
    held.add(keptSession.id);
    clock.now += 601_000;
    const slid = await free.client.get("/get-session");
    expect(Date.parse(slid.body.session.expiresAt)).toBe(clock.now + 3600_000);
    const same = await kept.client.get("/get-session");
    expect(same.body.session.expiresAt).toBe(keptSession.expiresAt);
    expect(same.headers.getSetCookie()).toEqual([]);
    clock.now = Date.parse(keptSession.expiresAt) + 1;
    expect((await kept.client.get("/get-session")).body).toBeNull();
    expect((await free.client.get("/get-session")).body.user.email).toBe("free@example.com");
  });
});
