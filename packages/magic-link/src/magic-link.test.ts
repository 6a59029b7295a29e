import { AuthError, definePlugin, defineErrors } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { createTestClient, makeLinkAuth, newEmail, openLink, requestLink, signUpUser } from "./test-helpers.js";

const session = async (client: ReturnType<typeof createTestClient>) => (await client.get("/get-session")).body;

describe("POST /sign-in/magic-link", () => {
  it("mails one link on the base URL that carries the token and the callback URLs, stored only hashed", async () => {
    const env = makeLinkAuth();
    const email = newEmail();
    const r = await createTestClient(env.auth).post("/sign-in/magic-link", {
      email: ` ${email.toUpperCase()} `,
      callbackURL: "/dashboard",
      newUserCallbackURL: "/welcome",
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: true });
    const mail = await env.lastLink(email);
    expect(env.mails).toHaveLength(1);
    const url = new URL(mail.url);
    expect(url.origin + url.pathname).toBe("http://localhost:3000/api/auth/magic-link/verify");
    expect(url.searchParams.get("token")).toBe(mail.token);
    expect(url.searchParams.get("callbackURL")).toBe("/dashboard");
    expect(url.searchParams.get("newUserCallbackURL")).toBe("/welcome");
    const rows = await env.auth.$context.db.findMany<{ identifier: string; value: string }>({ model: "verification" });
    expect(rows.some((row) => row.identifier.includes(mail.token) || row.value.includes(mail.token))).toBe(false);
  });

  it("answers a known and an unknown address alike", async () => {
    const env = makeLinkAuth();
    const known = await signUpUser(env.auth);
    const a = await createTestClient(env.auth).post("/sign-in/magic-link", { email: known.email });
    const b = await createTestClient(env.auth).post("/sign-in/magic-link", { email: newEmail() });
    expect([a.status, a.text]).toEqual([b.status, b.text]);
  });

  it("refuses an untrusted callback URL with 403 and mails nothing", async () => {
    const env = makeLinkAuth();
    const email = newEmail();
    for (const field of ["callbackURL", "newUserCallbackURL", "errorCallbackURL"]) {
      const r = await createTestClient(env.auth).post("/sign-in/magic-link", {
        email,
        [field]: "https://evil.example",
      });
      expect(r.status).toBe(403);
    }
    await new Promise((r) => setTimeout(r, 0));
    expect(env.mails).toHaveLength(0);
  });

  it("refuses a malformed address with 400", async () => {
    const env = makeLinkAuth();
    const r = await createTestClient(env.auth).post("/sign-in/magic-link", { email: "not-an-address" });
    expect(r.status).toBe(400);
  });
});

describe("GET /magic-link/verify", () => {
  it("signs an existing user in and redirects to the callbackURL", async () => {
    const env = makeLinkAuth();
    const u = await signUpUser(env.auth);
    const mail = await requestLink(env, u.email, { callbackURL: "/dashboard", newUserCallbackURL: "/welcome" });
    const browser = createTestClient(env.auth);
    const r = await openLink(browser, mail.url);
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe("/dashboard");
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect((await session(browser)).user.id).toBe(u.userId);
  });

  it("creates an unknown address's user, verified and with the given name, and sends it to newUserCallbackURL", async () => {
    const env = makeLinkAuth();
    const email = newEmail();
    const mail = await requestLink(env, email, {
      name: "Linked In",
      callbackURL: "/dashboard",
      newUserCallbackURL: "/welcome",
    });
    const browser = createTestClient(env.auth);
    const r = await openLink(browser, mail.url);
    expect(r.headers.get("location")).toBe("/welcome");
    const s = await session(browser);
    expect(s.user).toMatchObject({ email, name: "Linked In", emailVerified: true });
  });

  it("answers JSON {token, user} when the link carries no callback URL", async () => {
    const env = makeLinkAuth();
    const email = newEmail();
    const mail = await requestLink(env, email, {});
    const r = await openLink(createTestClient(env.auth), mail.url);
    expect(r.status).toBe(200);
    expect(r.body.user.email).toBe(email);
    expect(typeof r.body.token).toBe("string");
  });

  it("works once: a second opening, in any browser, redirects with error=invalid_token and no session", async () => {
    const env = makeLinkAuth();
    const email = newEmail();
    const mail = await requestLink(env, email);
    const first = createTestClient(env.auth);
    expect((await openLink(first, mail.url)).status).toBe(302);
    const again = createTestClient(env.auth);
    const r = await openLink(again, mail.url);
    expect(r.status).toBe(302);
    expect(r.headers.get("location")).toBe("/dashboard?error=invalid_token");
    expect(r.headers.get("set-cookie")).toBeNull();
    expect(await session(again)).toBeNull();
  });

  it("sends failures to errorCallbackURL when the link has one", async () => {
    const env = makeLinkAuth();
    const r = await createTestClient(env.auth).get("/magic-link/verify", {
      query: { token: "nope", callbackURL: "/dashboard", errorCallbackURL: "/sign-in" },
    });
    expect(r.headers.get("location")).toBe("/sign-in?error=invalid_token");
    const bare = await createTestClient(env.auth).get("/magic-link/verify", { query: { token: "nope" } });
    expect(bare.status).toBe(400);
    expect(bare.body.code).toBe("MAGIC_LINK_INVALID_TOKEN");
  });

  it("expires after 300 s", async () => {
    const env = makeLinkAuth();
    const mail = await requestLink(env, newEmail());
    env.clock.now += 300_000;
    const browser = createTestClient(env.auth);
    const r = await openLink(browser, mail.url);
    expect(r.headers.get("location")).toBe("/dashboard?error=expired_token");
    expect(await session(browser)).toBeNull();
  });

  it("refuses a link whose callbackURL was changed to an untrusted site with 403, leaving the token unspent", async () => {
    const env = makeLinkAuth();
    const u = await signUpUser(env.auth);
    const mail = await requestLink(env, u.email);
    const evil = new URL(mail.url);
    evil.searchParams.set("callbackURL", "https://evil.example/steal");
    const browser = createTestClient(env.auth);
    const r = await openLink(browser, evil.toString());
    expect(r.status).toBe(403);
    expect(r.headers.get("location")).toBeNull();
    expect(await session(browser)).toBeNull();
    expect((await openLink(browser, mail.url)).headers.get("location")).toBe("/dashboard");
    expect((await session(browser)).user.id).toBe(u.userId);
  });

  it("does not spend the link on HEAD (link checkers), nor sign anyone in", async () => {
    const env = makeLinkAuth();
    const u = await signUpUser(env.auth);
    const mail = await requestLink(env, u.email);
    const head = await env.auth.handler(new Request(mail.url, { method: "HEAD" }));
    expect(head.status).toBe(200);
    expect(head.headers.get("set-cookie")).toBeNull();
    const browser = createTestClient(env.auth);
    expect((await openLink(browser, mail.url)).headers.get("location")).toBe("/dashboard");
    expect((await session(browser)).user.id).toBe(u.userId);
  });

  it("of two parallel openings of one link, exactly one signs in", async () => {
    const env = makeLinkAuth();
    const u = await signUpUser(env.auth);
    const mail = await requestLink(env, u.email);
    const browsers = [1, 2, 3, 4].map(() => createTestClient(env.auth));
    const answers = await Promise.all(browsers.map((b) => openLink(b, mail.url)));
    expect(answers.map((a) => a.headers.get("location")).sort()).toEqual([
      "/dashboard",
      "/dashboard?error=invalid_token",
      "/dashboard?error=invalid_token",
      "/dashboard?error=invalid_token",
    ]);
    const sessions = await env.auth.$context.db.count({
      model: "session",
      where: [{ field: "userId", value: u.userId }],
    });
    // Only the link's: the address was unverified, so the sign-up's session went with the proof.
    expect(sessions).toBe(1);
  });

  it("two links for one new address opened together make one user, both signed in", async () => {
    const env = makeLinkAuth();
    const email = newEmail();
    const one = await requestLink(env, email);
    const two = await requestLink(env, email);
    const [a, b] = [createTestClient(env.auth), createTestClient(env.auth)];
    await Promise.all([openLink(a, one.url), openLink(b, two.url)]);
    expect((await session(a)).user.id).toBe((await session(b)).user.id);
    expect(await env.auth.$context.db.count({ model: "user", where: [{ field: "email", value: email }] })).toBe(1);
  });
});

describe("who may sign in", () => {
  const BAN_ERRORS = defineErrors({ TEST_BANNED: { status: 403, message: "Banned" } });
  const banned = new Set<string>();
  const bans = definePlugin({
    id: "test-bans",
    errors: BAN_ERRORS,
    validateUser(user) {
      if (banned.has(user.email)) throw new AuthError(BAN_ERRORS.TEST_BANNED);
    },
  });

  it("refuses a user a plugin's validateUser refuses: error redirect and no session, but the proof stands", async () => {
    const env = makeLinkAuth({}, { plugins: [bans] });
    const u = await signUpUser(env.auth);
    banned.add(u.email);
    const mail = await requestLink(env, u.email);
    const browser = createTestClient(env.auth);
    const r = await openLink(browser, mail.url);
    expect(r.headers.get("location")).toBe("/dashboard?error=test_banned");
    expect(r.headers.get("set-cookie")).toBeNull();
    expect(await session(browser)).toBeNull();
    const row = await env.auth.$context.users.findById(u.userId);
    expect(row?.emailVerified).toBe(true);
  });

  it("lets a plugin divert the sign-in (a second factor); the squatter's password is gone all the same", async () => {
    let divert = false;
    const diverter = definePlugin({
      id: "test-diverter",
      interceptSignIn: () => (divert ? { twoFactorRedirect: true } : null),
    });
    const env = makeLinkAuth({}, { plugins: [diverter] });
    const victim = newEmail("victim");
    const squatter = await createTestClient(env.auth).post("/sign-up/email", {
      name: "S",
      email: victim,
      password: "squatter-password-1",
    });
    expect(squatter.status).toBe(200);
    divert = true; // the squatter turned a second factor on
    const mail = await requestLink(env, victim);
    const browser = createTestClient(env.auth);
    const r = await openLink(browser, mail.url);
    expect(r.body).toEqual({ twoFactorRedirect: true });
    expect(await session(browser)).toBeNull();
    const accounts = await env.auth.$context.db.count({
      model: "account",
      where: [{ field: "userId", value: squatter.body.user.id }],
    });
    expect(accounts).toBe(0);
  });

  it("with disableSignUp, mails only existing users and never creates one", async () => {
    const env = makeLinkAuth({ disableSignUp: true });
    const stranger = newEmail();
    const r = await createTestClient(env.auth).post("/sign-in/magic-link", { email: stranger, callbackURL: "/" });
    expect(r.status).toBe(200);
    await new Promise((res) => setTimeout(res, 0));
    expect(env.mails).toHaveLength(0);
    const u = await signUpUser(env.auth);
    const mail = await requestLink(env, u.email);
    await env.auth.$context.db.delete({ model: "account", where: [{ field: "userId", value: u.userId }] });
    await env.auth.$context.db.deleteMany({ model: "session", where: [{ field: "userId", value: u.userId }] });
    await env.auth.$context.db.delete({ model: "user", where: [{ field: "id", value: u.userId }] });
    const browser = createTestClient(env.auth);
    expect((await openLink(browser, mail.url)).headers.get("location")).toBe("/dashboard?error=signup_disabled");
    expect(await env.auth.$context.db.count({ model: "user", where: [{ field: "email", value: u.email }] })).toBe(0);
  });

  it("makes its session through core's session creation, so creates-session hooks (two-factor) see it", async () => {
    const seen: string[] = [];
    const watcher = definePlugin({
      id: "test-watcher",
      hooks: {
        after: [
          { tags: ["creates-session"], run: (ctx) => void (ctx.newSession && seen.push(ctx.newSession.user.email)) },
        ],
      },
    });
    const env = makeLinkAuth({}, { plugins: [watcher] });
    const email = newEmail();
    const mail = await requestLink(env, email);
    await openLink(createTestClient(env.auth), mail.url);
    expect(seen).toEqual([email]);
  });
});
