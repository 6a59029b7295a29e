import { describe, expect, it } from "vitest";
import { AuthError, defineErrors } from "../errors/auth-error.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";
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
