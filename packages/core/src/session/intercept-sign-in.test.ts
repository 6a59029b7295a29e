// Core's sign-in interception (plugin `interceptSignIn`): every endpoint tagged creates-session that
// creates a session asks the interceptors first; a diverted sign-in answers the plugin's result with no
// session, no session cookie and no after hooks (so nothing hands out a token).
import { describe, expect, it } from "vitest";
import { redirectTo } from "../api/endpoint-response.js";
import { AuthError, defineErrors } from "../errors/auth-error.js";
import { github } from "../oauth/providers/github.js";
import type { Plugin } from "../plugins/plugin-types.js";
import { makeTestAuth, signUpUser } from "../testing/make-test-auth.js";
import { createTestClient } from "../testing/test-client.js";
import { driveSocialFlow } from "../testing/drive-social-flow.js";

const HELD = defineErrors({ HELD_USER_BANNED: { status: 403, message: "banned" } });

/** Holds every sign-in of an address in `held`; records whether after hooks saw a session. */
function holdPlugin(seen: { afterHookSessions: number }, held: Set<string>): Plugin {
  return {
    id: "hold",
    errors: HELD,
    interceptSignIn(ctx, user) {
      if (!held.has(user.email)) return null;
      ctx.setCookie("held_challenge", "1", { path: "/" });
      return ctx.request?.method === "GET" ? redirectTo(ctx, "/hold-page") : { held: true };
    },
    validateUser(user) {
      if (user.email.startsWith("held-banned")) throw new AuthError(HELD.HELD_USER_BANNED);
    },
    hooks: {
      after: [
        {
          run(ctx) {
            if (ctx.newSession) seen.afterHookSessions++;
          },
        },
      ],
    },
  };
}

const sessionCookies = (r: { headers: Headers }) =>
  r.headers.getSetCookie().filter((c) => c.includes("session_token=") && !/max-age=0/i.test(c));

/** GitHub's token and user endpoints in-process: the code is `code.<email>`; the account id is the email's length. */
const fakeGithub = (async (input: string | URL | Request, init: RequestInit = {}) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  if (url.pathname === "/login/oauth/access_token") {
    const code = new URLSearchParams(String(init.body)).get("code") ?? "";
    return json({ access_token: `tok.${code.slice(5)}`, expires_in: 3600 });
  }
  const email = (new Headers(init.headers).get("authorization") ?? "").replace("Bearer tok.", "");
  if (url.pathname === "/user") return json({ id: email.length, login: "u", name: "U", email: null });
  return json([{ email, primary: true, verified: true }]);
}) as typeof fetch;

function setup() {
  const seen = { afterHookSessions: 0 };
  const held = new Set(["held-social@example.com"]);
  const auth = makeTestAuth({
    emailAndPassword: { enabled: true },
    socialProviders: { github: github({ clientId: "cid", clientSecret: "secret", fetch: fakeGithub }) },
    plugins: [holdPlugin(seen, held)],
  });
  return { auth, seen, held };
}

describe("interceptSignIn", () => {
  it("holds a password sign-in: the plugin's answer, its cookie, no session, no after hooks", async () => {
    const { auth, seen, held } = setup();
    const u = await signUpUser(auth, "held@example.com");
    held.add(u.email);
    const before = seen.afterHookSessions;
    const b = createTestClient(auth);
    const r = await b.post("/sign-in/email", { email: u.email, password: u.password });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ held: true });
    expect(sessionCookies(r)).toEqual([]);
    expect(r.headers.getSetCookie().some((c) => c.startsWith("held_challenge=1"))).toBe(true);
    expect((await b.get("/get-session")).body).toBeNull();
    expect(seen.afterHookSessions).toBe(before);
    expect(await auth.$context.sessions.listByUser(u.userId)).toHaveLength(1); // the sign-up's
  });

  it("lets other users through untouched", async () => {
    const { auth, seen } = setup();
    const u = await signUpUser(auth, "free@example.com");
    const r = await createTestClient(auth).post("/sign-in/email", { email: u.email, password: u.password });
    expect(r.body.token).toBeTypeOf("string");
    expect(sessionCookies(r)).toHaveLength(1);
    expect(seen.afterHookSessions).toBe(2);
  });

  it("a refused user (validateUser) is refused, not held", async () => {
    const { auth, held } = setup();
    held.add("held-banned@example.com");
    const ctx = auth.$context;
    const user = await ctx.users.create({ name: "B", email: "held-banned@example.com", emailVerified: true });
    await ctx.accounts.create({
      userId: user.id,
      accountId: user.id,
      providerId: "credential",
      password: await ctx.passwords.hash("password-123"),
    });
    const r = await createTestClient(auth).post("/sign-in/email", { email: user.email, password: "password-123" });
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("HELD_USER_BANNED");
  });

  it("holds an OAuth callback too: the plugin's redirect instead of the callbackURL, no session", async () => {
    const { auth } = setup();
    const flow = await driveSocialFlow(auth, "github", "code.held-social@example.com");
    expect(flow.callback.status).toBe(302);
    expect(flow.location).toMatch(/^(http:\/\/localhost:3000)?\/hold-page$/);
    expect(sessionCookies(flow.callback)).toEqual([]);
    expect((await flow.client.get("/get-session")).body).toBeNull();
    const free = await driveSocialFlow(auth, "github", "code.free-social-user@example.com");
    expect(free.location).toMatch(/\/dashboard$/);
    expect((await free.client.get("/get-session")).body.user.email).toBe("free-social-user@example.com");
  });

  it("endpoints not tagged creates-session are not intercepted (change-password's new session)", async () => {
    const { auth, held } = setup();
    const u = await signUpUser(auth, "held2@example.com");
    held.add(u.email);
    const r = await u.client.post("/change-password", {
      currentPassword: u.password,
      newPassword: "password-456",
      revokeOtherSessions: true,
    });
    expect(r.status).toBe(200);
    expect(r.body.token).toBeTypeOf("string");
  });
});
