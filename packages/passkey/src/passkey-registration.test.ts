// Registration over HTTP with a software authenticator: what is stored, and who may add a passkey.
import { describe, expect, it } from "vitest";
import { admin } from "../../admin/src/index.js";
import {
  SoftAuthenticator,
  authenticate,
  createTestClient,
  makePasskeyAuth,
  register,
  signUpUser,
  userWithPasskey,
} from "./test-helpers.js";

describe("registering a passkey", () => {
  it("stores the credential's public key, ID, counter and flags for the signed-in user, never showing the key", async () => {
    const env = makePasskeyAuth();
    const u = await signUpUser(env.auth);
    const authenticator = new SoftAuthenticator();
    const options = await u.client.post("/passkey/generate-register-options", {});
    expect(options.status).toBe(200);
    expect(options.body.rp).toEqual({ id: "localhost", name: "localhost" });
    expect(options.body.authenticatorSelection).toMatchObject({
      residentKey: "required",
      userVerification: "required",
    });
    expect(Buffer.from(options.body.user.id, "base64url").toString()).toBe(u.userId);
    const response = authenticator.register(options.body);
    const r = await u.client.post("/passkey/verify-registration", { response, name: "  Laptop " });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      name: "Laptop",
      userId: u.userId,
      credentialID: response.id,
      counter: 0,
      deviceType: "multiDevice",
      backedUp: true,
      transports: "internal,hybrid",
      aaguid: "00000000-0000-0000-0000-000000000000",
    });
    expect(r.body.publicKey).toBeUndefined();
    const row = await env.auth.$context.db.findOne<{ publicKey: string }>({
      model: "passkey",
      where: [{ field: "id", value: r.body.id }],
    });
    expect(row?.publicKey.length).toBeGreaterThan(40);
    // The next registration excludes it, so the authenticator is not asked to make a second one.
    const next = await u.client.post("/passkey/generate-register-options", {});
    expect(next.body.excludeCredentials).toEqual([
      { id: response.id, type: "public-key", transports: ["internal", "hybrid"] },
    ]);
  });

  it("needs a session, a fresh one, and the challenge of this browser and this user", async () => {
    const env = makePasskeyAuth();
    expect((await createTestClient(env.auth).post("/passkey/generate-register-options", {})).status).toBe(401);
    const u = await signUpUser(env.auth);
    env.clock.now += 2 * 86_400_000;
    const stale = await u.client.post("/passkey/generate-register-options", {});
    expect(stale.status).toBe(403);
    expect(stale.body.code).toBe("SESSION_NOT_FRESH");

    const a = await signUpUser(env.auth);
    const b = await signUpUser(env.auth);
    const options = (await a.client.post("/passkey/generate-register-options", {})).body;
    const response = new SoftAuthenticator().register(options);
    // B answers A's registration: no ceremony in B's browser.
    const r = await b.client.post("/passkey/verify-registration", { response });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("PASSKEY_CHALLENGE_INVALID");
    // A signs out and B signs in in the same browser: A's pending registration is not B's.
    const shared = a.client;
    await shared.post("/sign-out", {});
    expect((await shared.post("/sign-in/email", { email: b.email, password: b.password })).status).toBe(200);
    const r2 = await shared.post("/passkey/verify-registration", { response });
    expect(r2.status).toBe(400);
    expect((await b.client.get("/passkey/list-user-passkeys")).body).toEqual([]);
    expect((await a.client.get("/passkey/list-user-passkeys")).body).toEqual([]);
  });

  it("refuses a wrong origin, RP ID, challenge, ceremony type, no user verification and garbage, spending the challenge", async () => {
    const env = makePasskeyAuth();
    const u = await signUpUser(env.auth);
    const cases = [
      { origin: "https://evil.example" },
      { rpId: "evil.example" },
      { challenge: Buffer.from("mine").toString("base64url") },
      { type: "webauthn.get" },
      { userVerified: false },
    ];
    for (const tweaks of cases) {
      const r = await register(u.client, new SoftAuthenticator(), tweaks);
      expect({ tweaks, status: r.status, code: r.body.code }).toEqual({
        tweaks,
        status: 400,
        code: "PASSKEY_REGISTRATION_FAILED",
      });
    }
    const options = (await u.client.post("/passkey/generate-register-options", {})).body;
    const good = new SoftAuthenticator().register(options) as { response: Record<string, unknown> };
    const junk = await u.client.post("/passkey/verify-registration", {
      response: { ...good, response: { ...good.response, attestationObject: "AAAA" } },
    });
    expect(junk.status).toBe(400);
    expect(junk.body.code).toBe("PASSKEY_REGISTRATION_FAILED");
    // The challenge went with the failed attempt: the good answer now finds nothing pending.
    const late = await u.client.post("/passkey/verify-registration", { response: good });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe("PASSKEY_CHALLENGE_INVALID");
    for (const body of [
      {},
      { response: good, name: "x".repeat(121) },
      { response: good, name: "a\u0000b" },
      { response: good, userId: "x" },
    ]) {
      const r = await u.client.post("/passkey/verify-registration", body);
      expect(r.status).toBe(400);
      expect(r.body.code).toBe("VALIDATION_ERROR");
    }
    expect((await u.client.get("/passkey/list-user-passkeys")).body).toEqual([]);
  });

  it("refuses a credential already registered, to this user or another", async () => {
    const env = makePasskeyAuth();
    const u = await userWithPasskey(env);
    const credential = u.authenticator.credentials[0];
    const again = await register(u.client, u.authenticator, { credential });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("PASSKEY_ALREADY_REGISTERED");
    const other = await signUpUser(env.auth);
    const stolen = await register(other.client, u.authenticator, { credential });
    expect(stolen.status).toBe(409);
    // It still signs its owner in.
    expect((await authenticate(createTestClient(env.auth), u.authenticator)).r.body.user.id).toBe(u.userId);
  });

  it("honours rpID, rpName and origin options, and refuses nonsense ones at startup", async () => {
    const env = makePasskeyAuth({ rpID: "example.com", rpName: "Example", origin: "https://app.example.com" });
    const u = await signUpUser(env.auth);
    const options = await u.client.post("/passkey/generate-register-options", {});
    expect(options.body.rp).toEqual({ id: "example.com", name: "Example" });
    const ok = await register(u.client, new SoftAuthenticator({ origin: "https://app.example.com" }));
    expect(ok.status).toBe(200);
    const wrong = await register(u.client, new SoftAuthenticator());
    expect(wrong.status).toBe(400);
    expect(() => makePasskeyAuth({ origin: "https://example.com/path" })).toThrow(/origin/);
    expect(() => makePasskeyAuth({ challengeExpiresIn: 5 })).toThrow(/challengeExpiresIn/);
  });

  it("refuses an impersonating admin: no adding or deleting the user's passkeys", async () => {
    const env = makePasskeyAuth({}, { plugins: [admin()] });
    const victim = await userWithPasskey(env);
    const boss = await signUpUser(env.auth);
    await env.auth.$context.users.update(boss.userId, { role: "admin" });
    expect((await boss.client.post("/admin/impersonate-user", { userId: victim.userId })).status).toBe(200);
    const add = await boss.client.post("/passkey/generate-register-options", {});
    expect(add.status).toBe(403);
    expect(add.body.code).toBe("CREDENTIAL_NOT_ALLOWED");
    const del = await boss.client.post("/passkey/delete-passkey", { id: victim.passkey.id });
    expect(del.status).toBe(403);
    expect((await victim.client.get("/passkey/list-user-passkeys")).body).toHaveLength(1);
  });

  it("a banned user's passkey signs nobody in (core's validateUser runs on the passkey sign-in)", async () => {
    const env = makePasskeyAuth({}, { plugins: [admin()] });
    const u = await userWithPasskey(env);
    await env.auth.$context.users.update(u.userId, { banned: true });
    const browser = createTestClient(env.auth);
    const { r } = await authenticate(browser, u.authenticator);
    expect(r.status).toBe(403);
    expect(r.body.code).toBe("BANNED_USER");
    expect((await browser.get("/get-session")).body).toBeNull();
  });
});
