// Several accounts in one browser, over HTTP: every sign-in joins the device's set; list, switch,
// revoke one, sign out of all, the cap, and re-signing in to an account already there.
import { AuthError, defineEndpoint, definePlugin, setSessionCookie } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  createTestClient,
  deviceCookieNames,
  deviceUsers,
  isLive,
  makeMultiAuth,
  newAccount,
  sessionIdOf,
  signInTo,
  whoAmI,
} from "./test-helpers.js";

async function browserWithThree() {
  const env = makeMultiAuth();
  const [a, b, c] = [await newAccount(env.auth, "a"), await newAccount(env.auth, "b"), await newAccount(env.auth, "c")];
  const browser = createTestClient(env.auth);
  const tokens = {
    a: await signInTo(browser, a.email),
    b: await signInTo(browser, b.email),
    c: await signInTo(browser, c.email),
  };
  return { ...env, a, b, c, browser, tokens };
}

describe("multi-session over HTTP", () => {
  it("records every sign-in of the browser; lists them oldest first with their users; the last is active", async () => {
    const { auth, a, b, c, browser, tokens } = await browserWithThree();
    const r = await browser.get("/multi-session/list-device-sessions");
    expect(r.status).toBe(200);
    expect(r.body.map((s: { user: { id: string } }) => s.user.id)).toEqual([a.userId, b.userId, c.userId]);
    const ids = [
      await sessionIdOf(auth, tokens.a),
      await sessionIdOf(auth, tokens.b),
      await sessionIdOf(auth, tokens.c),
    ];
    expect(r.body.map((s: { session: { id: string } }) => s.session.id)).toEqual(ids);
    expect(r.body.map((s: { session: { current: boolean } }) => s.session.current)).toEqual([false, false, true]);
    // Ids, never tokens: whoever reads the list (a page's script) cannot take a session over.
    for (const token of Object.values(tokens)) expect(r.text).not.toContain(token);
    expect(r.body[0].user.email).toBe(a.email);
    expect(await whoAmI(browser)).toBe(c.userId);
    expect(deviceCookieNames(browser)).toHaveLength(3);
  });

  it("device cookies are HttpOnly, SameSite=Lax, Path=/, hold the token only signed, and live as long as the session", async () => {
    const { auth } = makeMultiAuth();
    const a = await newAccount(auth);
    const r = await createTestClient(auth).post("/sign-in/email", { email: a.email, password: "password-123" });
    const lines = r.headers.getSetCookie().filter((l) => l.includes(".multi_session_"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/; HttpOnly/);
    expect(lines[0]).toMatch(/; SameSite=Lax/);
    expect(lines[0]).toMatch(/; Path=\//);
    expect(lines[0]).toMatch(/; Max-Age=604800/);
    // The name does not carry the user id; the value is not just the token (signed, with metadata).
    expect(lines[0]).not.toContain(a.userId);
    expect(lines[0]?.split(";")[0]?.split("=")[1]?.startsWith(r.body.token)).toBe(false);
  });

  it("on https the device cookies are Secure and __Secure- prefixed, and still work", async () => {
    const { auth } = makeMultiAuth({}, { baseURL: "https://app.example.com" });
    const [a, b] = [await newAccount(auth), await newAccount(auth)];
    const browser = createTestClient(auth);
    const ta = await signInTo(browser, a.email);
    const r = await browser.post("/sign-in/email", { email: b.email, password: "password-123" });
    const line = r.headers.getSetCookie().find((l) => l.includes(".multi_session_"));
    expect(line).toMatch(/^__Secure-gatehouse\.multi_session_[A-Za-z0-9_-]{22}=/);
    expect(line).toMatch(/; Secure/);
    expect((await browser.post("/multi-session/set-active", { sessionToken: ta })).status).toBe(200);
    expect(await whoAmI(browser)).toBe(a.userId);
  });

  it("set-active switches the session cookie to another account of the device", async () => {
    const { a, b, browser, tokens } = await browserWithThree();
    const r = await browser.post("/multi-session/set-active", { sessionToken: tokens.a });
    expect(r.status).toBe(200);
    expect(r.body.user.id).toBe(a.userId);
    expect(r.body.session.token).toBe(tokens.a);
    expect(await whoAmI(browser)).toBe(a.userId);
    await browser.post("/multi-session/set-active", { sessionToken: tokens.b });
    expect(await whoAmI(browser)).toBe(b.userId);
    expect(await deviceUsers(browser)).toHaveLength(3);
  });

  it("revoke of a non-active account ends that session only; the active one stays", async () => {
    const { auth, a, c, browser, tokens } = await browserWithThree();
    const r = await browser.post("/multi-session/revoke", { sessionToken: tokens.b });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: true });
    expect(await isLive(auth, tokens.b)).toBe(false);
    expect(await isLive(auth, tokens.a)).toBe(true);
    expect(await whoAmI(browser)).toBe(c.userId);
    expect(await deviceUsers(browser)).toEqual([a.userId, c.userId]);
  });

  it("revoke of the active account switches to the most recently added live one, then to none", async () => {
    const { auth, a, b, browser, tokens } = await browserWithThree();
    await browser.post("/multi-session/revoke", { sessionToken: tokens.c });
    expect(await whoAmI(browser)).toBe(b.userId);
    await browser.post("/multi-session/revoke", { sessionToken: tokens.b });
    expect(await whoAmI(browser)).toBe(a.userId);
    await browser.post("/multi-session/revoke", { sessionToken: tokens.a });
    expect(await whoAmI(browser)).toBeNull();
    expect(await deviceUsers(browser)).toEqual([]);
    for (const t of Object.values(tokens)) expect(await isLive(auth, t)).toBe(false);
    expect(deviceCookieNames(browser)).toEqual([]);
  });

  it("revoke of the active account skips accounts that died meanwhile (and drops them)", async () => {
    const { auth, a, browser, tokens } = await browserWithThree();
    await auth.$context.sessions.deleteByToken(tokens.b);
    await browser.post("/multi-session/revoke", { sessionToken: tokens.c });
    expect(await whoAmI(browser)).toBe(a.userId);
    expect(deviceCookieNames(browser)).toHaveLength(1);
  });

  it("sign-out signs the browser out of every account on it", async () => {
    const { auth, browser, tokens } = await browserWithThree();
    const out = await browser.post("/sign-out");
    expect(out.status).toBe(200);
    for (const t of Object.values(tokens)) expect(await isLive(auth, t)).toBe(false);
    expect(deviceCookieNames(browser)).toEqual([]);
    expect(await whoAmI(browser)).toBeNull();
    expect(await deviceUsers(browser)).toEqual([]);
  });

  it("sign-out in one browser leaves the same accounts' sessions in another browser alone", async () => {
    const { auth, a, b, browser } = await browserWithThree();
    const other = createTestClient(auth);
    const otherA = await signInTo(other, a.email);
    const otherB = await signInTo(other, b.email);
    await browser.post("/sign-out");
    expect(await isLive(auth, otherA)).toBe(true);
    expect(await isLive(auth, otherB)).toBe(true);
    expect(await deviceUsers(other)).toEqual([a.userId, b.userId]);
  });

  it("over maximumSessions the browser is signed out of the account it added longest ago", async () => {
    const { auth } = makeMultiAuth({ maximumSessions: 2 });
    const [a, b, c] = [await newAccount(auth), await newAccount(auth), await newAccount(auth)];
    const browser = createTestClient(auth);
    const ta = await signInTo(browser, a.email);
    const tb = await signInTo(browser, b.email);
    await browser.post("/multi-session/set-active", { sessionToken: ta });
    const tc = await signInTo(browser, c.email);
    expect(await deviceUsers(browser)).toEqual([b.userId, c.userId]);
    expect(await isLive(auth, ta)).toBe(false);
    expect(await isLive(auth, tb)).toBe(true);
    expect(await isLive(auth, tc)).toBe(true);
    expect(deviceCookieNames(browser)).toHaveLength(2);
    // Switching does not count as adding: the cap evicts nothing.
    await browser.post("/multi-session/set-active", { sessionToken: tb });
    expect(await deviceUsers(browser)).toEqual([b.userId, c.userId]);
  });

  it("the default cap is 5", async () => {
    const { auth } = makeMultiAuth();
    const browser = createTestClient(auth);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const acc = await newAccount(auth);
      ids.push(acc.userId);
      await signInTo(browser, acc.email);
    }
    expect(await deviceUsers(browser)).toEqual(ids.slice(1));
  });

  it("signing in again to an account already on the device replaces (and ends) its old session", async () => {
    const { auth, a, b, c, browser, tokens } = await browserWithThree();
    const again = await signInTo(browser, a.email);
    expect(again).not.toBe(tokens.a);
    expect(await isLive(auth, tokens.a)).toBe(false);
    const list = (await browser.get("/multi-session/list-device-sessions")).body;
    expect(list.map((s: { user: { id: string } }) => s.user.id)).toEqual([b.userId, c.userId, a.userId]);
    expect(list.at(-1).session.id).toBe(await sessionIdOf(auth, again));
    expect(deviceCookieNames(browser)).toHaveLength(3);
  });

  it("a session without remember-me stays a browser-session cookie, also after switching back to it", async () => {
    const { auth } = makeMultiAuth();
    const [a, b] = [await newAccount(auth), await newAccount(auth)];
    const browser = createTestClient(auth);
    const r = await browser.post("/sign-in/email", { email: a.email, password: "password-123", rememberMe: false });
    const line = r.headers.getSetCookie().find((l) => l.includes(".multi_session_"));
    expect(line).toBeDefined();
    expect(line).not.toMatch(/Max-Age/i);
    await signInTo(browser, b.email);
    const back = await browser.post("/multi-session/set-active", { sessionToken: r.body.token });
    const session = back.headers.getSetCookie().find((l) => l.startsWith("gatehouse.session_token="));
    expect(session).toBeDefined();
    expect(session).not.toMatch(/Max-Age/i);
    expect(
      back.headers.getSetCookie().some((l) => l.startsWith("gatehouse.dont_remember=") && !/Max-Age=0/.test(l)),
    ).toBe(true);
  });

  it("records sessions set by any endpoint, tagged or not (a plugin's own sign-in)", async () => {
    const custom = definePlugin({
      id: "custom-sign-in",
      endpoints: {
        customSignIn: defineEndpoint(
          { method: "POST", path: "/custom/sign-in", body: z.strictObject({ userId: z.string() }) },
          async (ctx) => {
            const user = await ctx.auth.users.findById(ctx.body.userId);
            if (!user) throw new AuthError({ code: "NO", status: 404, message: "no" });
            setSessionCookie(ctx, await ctx.auth.sessions.create(ctx.auth.db, user, {}));
            return { ok: true };
          },
        ),
      },
    });
    const { auth } = makeMultiAuth({}, { plugins: [custom] });
    const [a, b] = [await newAccount(auth), await newAccount(auth)];
    const browser = createTestClient(auth);
    await signInTo(browser, a.email);
    expect((await browser.post("/custom/sign-in", { userId: b.userId })).status).toBe(200);
    expect(await deviceUsers(browser)).toEqual([a.userId, b.userId]);
  });

  it("a browser signed in before the plugin was installed keeps that account when adding another", async () => {
    const { auth } = makeMultiAuth();
    const [a, b] = [await newAccount(auth), await newAccount(auth)];
    const browser = createTestClient(auth);
    const ta = await signInTo(browser, a.email);
    for (const name of deviceCookieNames(browser)) browser.cookies.delete(name);
    // The active session alone is listed (and recorded) …
    expect(await deviceUsers(browser)).toEqual([a.userId]);
    for (const name of deviceCookieNames(browser)) browser.cookies.delete(name);
    // … and a sign-in to another account keeps it on the device.
    await signInTo(browser, b.email);
    expect(await deviceUsers(browser)).toEqual([a.userId, b.userId]);
    expect(await isLive(auth, ta)).toBe(true);
  });

  it("an anonymous browser lists nothing", async () => {
    const { auth } = makeMultiAuth();
    const r = await createTestClient(auth).get("/multi-session/list-device-sessions");
    expect(r.status).toBe(200);
    expect(r.body).toEqual([]);
  });
});
