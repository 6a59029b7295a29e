// What a stranger, another browser, a forged cookie, a dead session, an impersonating admin or a
// cross-site page can do with the multi-session routes: nothing beyond the device's own accounts.
import { hmacSha256Base64Url, signCookieValue } from "@gatehouse-auth/core";
import { describe, expect, it } from "vitest";
import { admin } from "../../admin/src/index.js";
import { deviceKeyOf } from "./device-cookies.js";
import {
  TEST_SECRET,
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

async function twoBrowsers() {
  const env = makeMultiAuth();
  const [a, b, c] = [await newAccount(env.auth, "a"), await newAccount(env.auth, "b"), await newAccount(env.auth, "c")];
  const mine = createTestClient(env.auth);
  const tb = await signInTo(mine, b.email);
  const tc = await signInTo(mine, c.email);
  const theirs = createTestClient(env.auth);
  const ta = await signInTo(theirs, a.email);
  return { ...env, a, b, c, mine, theirs, ta, tb, tc };
}

describe("multi-session attacks", () => {
  it("a cross-site page cannot switch or revoke (origin check), and the device is unchanged", async () => {
    const { mine, c, tb } = await twoBrowsers();
    const evil = { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } };
    const set = await mine.post("/multi-session/set-active", { sessionToken: tb }, evil);
    expect(set.status).toBe(403);
    const revoke = await mine.post("/multi-session/revoke", { sessionToken: tb }, evil);
    expect(revoke.status).toBe(403);
    // Same origin header but a form body (what a cross-site <form> can send) is refused before the endpoint.
    const form = await mine.post("/multi-session/set-active", `sessionToken=${tb}`, {
      raw: true,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
    expect(await whoAmI(mine)).toBe(c.userId);
    expect(await deviceUsers(mine)).toHaveLength(2);
  });

  it("a valid token from another browser is refused by set-active and revoke (403) and stays alive", async () => {
    const { auth, mine, theirs, a, c, ta } = await twoBrowsers();
    const set = await mine.post("/multi-session/set-active", { sessionToken: ta });
    expect(set.status).toBe(403);
    expect(set.body.code).toBe("MULTI_SESSION_NOT_ON_DEVICE");
    const revoke = await mine.post("/multi-session/revoke", { sessionToken: ta });
    expect(revoke.status).toBe(403);
    expect(revoke.body.code).toBe("MULTI_SESSION_NOT_ON_DEVICE");
    expect(await whoAmI(mine)).toBe(c.userId);
    expect(await isLive(auth, ta)).toBe(true);
    expect(await whoAmI(theirs)).toBe(a.userId);
    // A stranger with no cookies at all fares no better.
    const stranger = await createTestClient(auth).post("/multi-session/set-active", { sessionToken: ta });
    expect(stranger.status).toBe(403);
    expect(await whoAmI(theirs)).toBe(a.userId);
  });

  it("by id: another browser's session id is refused (403) and stays alive; this browser's ids switch and revoke", async () => {
    const { auth, mine, theirs, a, b, c, ta, tb } = await twoBrowsers();
    const idA = await sessionIdOf(auth, ta);
    for (const path of ["/multi-session/set-active", "/multi-session/revoke"]) {
      const r = await mine.post(path, { sessionId: idA });
      expect([r.status, r.body.code]).toEqual([403, "MULTI_SESSION_NOT_ON_DEVICE"]);
      const stranger = await createTestClient(auth).post(path, { sessionId: idA });
      expect(stranger.status).toBe(403);
    }
    expect(await isLive(auth, ta)).toBe(true);
    expect(await whoAmI(theirs)).toBe(a.userId);
    // Both forms at once, an unknown field, or neither are refused by validation.
    for (const body of [{ sessionId: idA, sessionToken: ta }, { sessionId: "" }, {}, { sessionId: 7 }]) {
      const r = await mine.post("/multi-session/set-active", body);
      expect([r.status, r.body.code]).toEqual([400, "VALIDATION_ERROR"]);
    }
    const idB = await sessionIdOf(auth, tb);
    const set = await mine.post("/multi-session/set-active", { sessionId: idB });
    expect([set.status, set.body.user.id]).toEqual([200, b.userId]);
    expect(await whoAmI(mine)).toBe(b.userId);
    const revoke = await mine.post("/multi-session/revoke", { sessionId: idB });
    expect(revoke.status).toBe(200);
    expect(await isLive(auth, tb)).toBe(false);
    expect(await whoAmI(mine)).toBe(c.userId);
  });

  it("the list carries no token: not to the browser, not to device cookies replayed without the session cookie", async () => {
    const { auth, mine, tb, tc } = await twoBrowsers();
    const list = await mine.get("/multi-session/list-device-sessions");
    expect(list.status).toBe(200);
    for (const token of [tb, tc]) expect(list.text).not.toContain(token);
    expect(list.body.every((s: { session: Record<string, unknown> }) => !("token" in s.session))).toBe(true);
    const replayed = await createTestClient(auth).get("/multi-session/list-device-sessions", {
      headers: {
        cookie: [...mine.cookies]
          .filter(([k]) => k.includes("multi_session"))
          .map(([k, v]) => `${k}=${v}`)
          .join("; "),
      },
    });
    expect(replayed.status).toBe(200);
    expect(replayed.body).toHaveLength(2);
    for (const token of [tb, tc]) expect(replayed.text).not.toContain(token);
  });

  it("the active session cookie alone does not make a token switchable: only the device set counts", async () => {
    const { mine, theirs, ta, tb } = await twoBrowsers();
    // Their browser holds a's session as its active cookie; my b token is not in their set.
    const r = await theirs.post("/multi-session/set-active", { sessionToken: tb });
    expect(r.status).toBe(403);
    expect(await deviceUsers(mine)).toHaveLength(2);
    expect(ta).toBeTruthy();
  });

  it("forged device cookies (unsigned, wrongly signed, core-signed, moved to another name) are ignored and cleared", async () => {
    const { auth, mine, theirs, a, b, c, ta } = await twoBrowsers();
    const key = deviceKeyOf(TEST_SECRET, a.userId);
    const name = `gatehouse.multi_session_${key}`;
    const payload = `${Date.now().toString(36)}.1.${ta}`;
    const myBName = deviceCookieNames(mine).find((n) => n.endsWith(deviceKeyOf(TEST_SECRET, b.userId))) ?? "";
    const myBValue = mine.cookies.get(myBName) ?? "";
    const forgeries = [
      ta,
      payload,
      `${payload}.${"A".repeat(43)}`,
      signCookieValue(TEST_SECRET, payload),
      `${payload}.${hmacSha256Base64Url("another-secret-0123456789abcdef0123", `multi-session:${key}:${payload}`)}`,
      myBValue, // a genuine value of mine under a's name: the signature binds the name
    ];
    for (const value of forgeries) {
      mine.cookies.set(name, value);
      const set = await mine.post("/multi-session/set-active", { sessionToken: ta });
      expect(set.status).toBe(403);
      mine.cookies.set(name, value);
      const list = await mine.get("/multi-session/list-device-sessions");
      expect(list.body.map((s: { user: { id: string } }) => s.user.id)).toEqual([b.userId, c.userId]);
      expect(list.headers.getSetCookie().some((l) => l.startsWith(`${name}=;`) && /Max-Age=0/.test(l))).toBe(true);
      expect(mine.cookies.has(name)).toBe(false);
    }
    expect(await whoAmI(mine)).toBe(c.userId);
    expect(await isLive(auth, ta)).toBe(true);
    expect(await whoAmI(theirs)).toBe(a.userId);
  });

  it("a device cookie stolen from another browser is as good as its token: it is a bearer secret, kept HttpOnly", async () => {
    // Documented limit, asserted so a change is noticed: the cookie is the credential, like the session cookie.
    const { mine, theirs, a } = await twoBrowsers();
    const [theirName = ""] = deviceCookieNames(theirs);
    mine.cookies.set(theirName, theirs.cookies.get(theirName) ?? "");
    expect(await deviceUsers(mine)).toContain(a.userId);
  });

  it("a session revoked elsewhere is dropped from the list (cookie cleared) and cannot be switched to (401)", async () => {
    const { auth, mine, b, c, tb } = await twoBrowsers();
    // b signs out everywhere from another browser.
    const elsewhere = createTestClient(auth);
    await signInTo(elsewhere, b.email);
    expect((await elsewhere.post("/revoke-sessions")).status).toBe(200);
    const before = deviceCookieNames(mine);
    expect(before).toHaveLength(2);
    const set = await mine.post("/multi-session/set-active", { sessionToken: tb });
    expect(set.status).toBe(401);
    expect(set.body.code).toBe("MULTI_SESSION_INVALID");
    expect(deviceCookieNames(mine)).toHaveLength(1);
    expect(await deviceUsers(mine)).toEqual([c.userId]);
    expect(await whoAmI(mine)).toBe(c.userId);
  });

  it("an expired session is dropped from the list", async () => {
    const { mine, clock, c } = await twoBrowsers();
    clock.now += 8 * 24 * 3600 * 1000;
    expect(await deviceUsers(mine)).toEqual([]);
    expect(deviceCookieNames(mine)).toEqual([]);
    expect(await whoAmI(mine)).toBeNull();
    expect(c).toBeTruthy();
  });

  it("bad input is a 400 with a code, never a 500", async () => {
    const { mine } = await twoBrowsers();
    for (const body of [
      {},
      { sessionToken: "" },
      { sessionToken: 42 },
      { sessionToken: "x".repeat(513) },
      { sessionToken: "t", extra: 1 },
    ]) {
      for (const path of ["/multi-session/set-active", "/multi-session/revoke"]) {
        const r = await mine.post(path, body);
        expect(r.status).toBe(400);
        expect(r.body.code).toBe("VALIDATION_ERROR");
      }
    }
    const odd = await mine.post("/multi-session/set-active", { sessionToken: "a.b.c;d=e" });
    expect(odd.status).toBe(403);
    // Garbage cookies with our prefix do not break the list.
    mine.cookies.set("gatehouse.multi_session_x", "%%%");
    mine.cookies.set("gatehouse.multi_session_", "");
    expect((await mine.get("/multi-session/list-device-sessions")).status).toBe(200);
  });

  it("the session cookie cache follows a switch and a revoke (no stale cached account)", async () => {
    const { auth } = makeMultiAuth({}, { session: { cookieCache: { enabled: true, maxAge: 300 } } });
    const [a, b] = [await newAccount(auth), await newAccount(auth)];
    const browser = createTestClient(auth);
    const ta = await signInTo(browser, a.email);
    const tb = await signInTo(browser, b.email);
    expect(await whoAmI(browser)).toBe(b.userId);
    const set = await browser.post("/multi-session/set-active", { sessionToken: ta });
    expect(
      set.headers.getSetCookie().some((l) => l.startsWith("gatehouse.session_data=") && !/Max-Age=0/.test(l)),
    ).toBe(true);
    expect(await whoAmI(browser)).toBe(a.userId);
    // The cached copy is the new account's, not a leftover.
    const cached = await browser.get("/get-session");
    expect(cached.body.session.token).toBe(ta);
    await browser.post("/multi-session/revoke", { sessionToken: ta });
    expect(await whoAmI(browser)).toBe(b.userId);
    expect((await browser.get("/get-session")).body.session.token).toBe(tb);
    await browser.post("/multi-session/revoke", { sessionToken: tb });
    expect(await whoAmI(browser)).toBeNull();
    expect(browser.cookies.has("gatehouse.session_data")).toBe(false);
  });

  it("impersonation: never recorded, switching and listing refused while it lasts, the way back intact", async () => {
    const { auth } = makeMultiAuth({}, { plugins: [admin()] });
    const [boss, other, victim] = [await newAccount(auth, "boss"), await newAccount(auth), await newAccount(auth)];
    await auth.$context.users.update(boss.userId, { role: "admin" });
    const browser = createTestClient(auth);
    const tOther = await signInTo(browser, other.email);
    await signInTo(browser, boss.email);
    const imp = await browser.post("/admin/impersonate-user", { userId: victim.userId });
    expect(imp.status).toBe(200);
    expect(imp.headers.getSetCookie().some((l) => l.includes(".multi_session_") && !/Max-Age=0/.test(l))).toBe(false);
    // set-active mints a session switch: only the user's own real session may (credentials: own-session).
    expect((await browser.post("/multi-session/set-active", { sessionToken: tOther })).body.code).toBe(
      "CREDENTIAL_NOT_ALLOWED",
    );
    expect((await browser.post("/multi-session/revoke", { sessionToken: tOther })).status).toBe(403);
    expect((await browser.get("/multi-session/list-device-sessions")).status).toBe(403);
    // The impersonation token is not switchable later either.
    expect(await whoAmI(browser)).toBe(victim.userId);
    const back = await browser.post("/admin/stop-impersonating");
    expect(back.status).toBe(200);
    expect(await whoAmI(browser)).toBe(boss.userId);
    expect(await deviceUsers(browser)).toEqual([other.userId, boss.userId]);
    const impToken = imp.body.session.token as string;
    expect((await browser.post("/multi-session/set-active", { sessionToken: impToken })).status).toBe(403);
  });
});
