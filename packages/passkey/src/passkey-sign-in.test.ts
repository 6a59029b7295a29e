// Usernameless sign-in over HTTP with a software authenticator: the session, and every way a stolen,
// replayed, cloned or misdirected assertion is refused.
import { describe, expect, it } from "vitest";
import {
  SoftAuthenticator,
  authenticate,
  createTestClient,
  makePasskeyAuth,
  userWithPasskey,
  whoAmI,
} from "./test-helpers.js";

const CHALLENGE_INVALID = "PASSKEY_CHALLENGE_INVALID";
const FAILED = "PASSKEY_AUTHENTICATION_FAILED";

describe("sign-in with a passkey", () => {
  it("signs a fresh browser in without a user name, sets the session cookie and advances the counter", async () => {
    const env = makePasskeyAuth();
    const u = await userWithPasskey(env);
    const browser = createTestClient(env.auth);
    const { r, options } = await authenticate(browser, u.authenticator);
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe("required");
    expect(r.status).toBe(200);
    expect(r.body.user.id).toBe(u.userId);
    expect(typeof r.body.token).toBe("string");
    expect(r.headers.get("cache-control")).toContain("no-store");
    expect(await whoAmI(browser)).toBe(u.userId);
    const list = await browser.get("/passkey/list-user-passkeys");
    expect(list.body[0].counter).toBe(1);
    // And again: the counter keeps moving.
    expect((await authenticate(createTestClient(env.auth), u.authenticator)).r.status).toBe(200);
    expect((await browser.get("/passkey/list-user-passkeys")).body[0].counter).toBe(2);
  });

  it("spends the challenge once: the same answer replayed, or a second answer to it, is refused", async () => {
    const env = makePasskeyAuth();
    const u = await userWithPasskey(env);
    const browser = createTestClient(env.auth);
    const options = (await browser.post("/passkey/generate-authenticate-options", {})).body;
    const copied = new Map(browser.cookies);
    const response = u.authenticator.authenticate(options);
    expect((await browser.post("/passkey/verify-authentication", { response })).status).toBe(200);
    // An attacker who copied the challenge cookie and the answer: the challenge is spent.
    const thief = createTestClient(env.auth);
    for (const [k, v] of copied) thief.cookies.set(k, v);
    const stolen = await thief.post("/passkey/verify-authentication", { response });
    expect(stolen.status).toBe(400);
    expect(await whoAmI(thief)).toBeNull();
    const again = await browser.post("/passkey/verify-authentication", { response });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe(CHALLENGE_INVALID);
    // Replayed within a new ceremony of this browser: the old challenge does not match the new one.
    await browser.post("/passkey/generate-authenticate-options", {});
    const replay = await browser.post("/passkey/verify-authentication", { response });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe(FAILED);
  });

  it("refuses an answer to a challenge another browser asked for", async () => {
    const env = makePasskeyAuth();
    const u = await userWithPasskey(env);
    const victim = createTestClient(env.auth);
    const options = (await victim.post("/passkey/generate-authenticate-options", {})).body;
    const response = u.authenticator.authenticate(options);
    // The attacker's browser, without the victim's cookie: nothing pending.
    const attacker = createTestClient(env.auth);
    const r = await attacker.post("/passkey/verify-authentication", { response });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(CHALLENGE_INVALID);
    // With a ceremony of its own: its challenge is not the one signed.
    await attacker.post("/passkey/generate-authenticate-options", {});
    const r2 = await attacker.post("/passkey/verify-authentication", { response });
    expect(r2.status).toBe(401);
    expect(await whoAmI(attacker)).toBeNull();
    // A forged cookie value is no ceremony either.
    const forger = createTestClient(env.auth);
    for (const [k] of victim.cookies) if (k.includes("passkey")) forger.cookies.set(k, "forged.value");
    expect((await forger.post("/passkey/verify-authentication", { response })).status).toBe(400);
  });

  it("refuses a client-chosen challenge, a wrong origin, a wrong RP ID, a create-type answer and no user verification", async () => {
    const env = makePasskeyAuth();
    const u = await userWithPasskey(env);
    const cases = [
      { challenge: Buffer.from("attacker-chosen-challenge").toString("base64url") },
      { origin: "https://evil.example" },
      { origin: "http://localhost:3001" },
      { rpId: "evil.example" },
      { type: "webauthn.create" },
      { userVerified: false },
      { userHandle: Buffer.from("someone-else").toString("base64url") },
    ];
    for (const tweaks of cases) {
      const browser = createTestClient(env.auth);
      const { r } = await authenticate(browser, u.authenticator, tweaks);
      expect({ tweaks, status: r.status, code: r.body.code }).toEqual({ tweaks, status: 401, code: FAILED });
      expect(await whoAmI(browser)).toBeNull();
    }
  });

  it("refuses a counter that went backwards or stood still (a cloned authenticator), but allows 0 → 0", async () => {
    const env = makePasskeyAuth();
    const u = await userWithPasskey(env);
    expect((await authenticate(createTestClient(env.auth), u.authenticator)).r.status).toBe(200); // counter 1
    expect((await authenticate(createTestClient(env.auth), u.authenticator)).r.status).toBe(200); // counter 2
    const clone = await authenticate(createTestClient(env.auth), u.authenticator, { counter: 2 });
    expect(clone.r.status).toBe(401);
    const older = await authenticate(createTestClient(env.auth), u.authenticator, { counter: 1 });
    expect(older.r.status).toBe(401);
    // An authenticator without a counter always says 0.
    const noCounter = await userWithPasskey(env, new SoftAuthenticator({ counterStep: 0 }));
    for (let i = 0; i < 2; i++)
      expect((await authenticate(createTestClient(env.auth), noCounter.authenticator)).r.status).toBe(200);
  });

  it("refuses an expired challenge, an unknown credential and a deleted passkey", async () => {
    const env = makePasskeyAuth();
    const u = await userWithPasskey(env);
    const browser = createTestClient(env.auth);
    const options = (await browser.post("/passkey/generate-authenticate-options", {})).body;
    env.clock.now += 301_000;
    const late = await browser.post("/passkey/verify-authentication", {
      response: u.authenticator.authenticate(options),
    });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe(CHALLENGE_INVALID);

    const stranger = new SoftAuthenticator();
    stranger.register({ rp: { id: "localhost" }, user: { id: "eA" }, challenge: "AA" });
    expect((await authenticate(createTestClient(env.auth), stranger)).r.status).toBe(401);

    expect((await u.client.post("/passkey/delete-passkey", { id: u.passkey.id })).status).toBe(200);
    const gone = await authenticate(createTestClient(env.auth), u.authenticator);
    expect(gone.r.status).toBe(401);
  });

  it("answers malformed input with 400, never 500", async () => {
    const env = makePasskeyAuth();
    const u = await userWithPasskey(env);
    const good = (await authenticate(createTestClient(env.auth), u.authenticator)).response as {
      response: Record<string, string>;
    };
    const bodies: unknown[] = [
      {},
      { response: "x" },
      { response: { id: "a", rawId: "a", type: "password", response: {} } },
      { response: { ...good, response: { ...good.response, signature: "!!notbase64!!" } } },
      { response: { ...good, id: "a".repeat(5000), rawId: "a".repeat(5000) } },
      { response: good, extra: 1 },
    ];
    for (const body of bodies) {
      const browser = createTestClient(env.auth);
      await browser.post("/passkey/generate-authenticate-options", {});
      const r = await browser.post("/passkey/verify-authentication", body);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("VALIDATION_ERROR");
    }
    // Well-formed but meaningless bytes: a refusal, not a crash.
    const junk = { ...good, response: { ...good.response, authenticatorData: "AAAA", signature: "AAAA" } };
    const browser = createTestClient(env.auth);
    await browser.post("/passkey/generate-authenticate-options", {});
    const r = await browser.post("/passkey/verify-authentication", { response: junk });
    expect(r.status).toBe(401);
    // A mismatched id/rawId pair.
    await browser.post("/passkey/generate-authenticate-options", {});
    const mixed = await browser.post("/passkey/verify-authentication", { response: { ...good, rawId: "AAAA" } });
    expect(mixed.status).toBe(401);
  });

  it("refuses a cross-site page's verify call", async () => {
    const env = makePasskeyAuth();
    const u = await userWithPasskey(env);
    const browser = createTestClient(env.auth);
    const options = (await browser.post("/passkey/generate-authenticate-options", {})).body;
    const response = u.authenticator.authenticate(options);
    const r = await browser.post(
      "/passkey/verify-authentication",
      { response },
      { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } },
    );
    expect(r.status).toBe(403);
    expect(await whoAmI(browser)).toBeNull();
  });

  it("does not let one ceremony's challenge answer the other kind", async () => {
    const env = makePasskeyAuth();
    const u = await userWithPasskey(env);
    // A registration challenge answered with a sign-in.
    const options = (await u.client.post("/passkey/generate-register-options", {})).body;
    const assertion = u.authenticator.authenticate({ rpId: "localhost", challenge: options.challenge });
    const r = await u.client.post("/passkey/verify-authentication", { response: assertion });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(CHALLENGE_INVALID);
    // A sign-in challenge answered with a registration.
    const signInOptions = (await u.client.post("/passkey/generate-authenticate-options", {})).body;
    const created = new SoftAuthenticator().register({
      rp: { id: "localhost" },
      user: { id: Buffer.from(u.userId).toString("base64url") },
      challenge: signInOptions.challenge,
    });
    const r2 = await u.client.post("/passkey/verify-registration", { response: created });
    expect(r2.status).toBe(400);
    expect(r2.body.code).toBe(CHALLENGE_INVALID);
    expect((await u.client.get("/passkey/list-user-passkeys")).body).toHaveLength(1);
  });

  it("with rememberMe: false, sets a browser-session cookie (no Max-Age)", async () => {
    const env = makePasskeyAuth();
    const u = await userWithPasskey(env);
    const browser = createTestClient(env.auth);
    const options = (await browser.post("/passkey/generate-authenticate-options", {})).body;
    const response = u.authenticator.authenticate(options);
    const r = await browser.post("/passkey/verify-authentication", { response, rememberMe: false });
    expect(r.status).toBe(200);
    const cookie = r.headers.getSetCookie().find((c) => c.includes("session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).not.toMatch(/max-age/i);
    expect(await whoAmI(browser)).toBe(u.userId);
  });
});
