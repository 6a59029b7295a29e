// A user with @gatehouse-auth/two-factor on: a passkey sign-in (user verification required — possession
// plus PIN or biometric) completes the sign-in by itself; a password sign-in is still held.
import { describe, expect, it } from "vitest";
import { twoFactor } from "../../two-factor/src/index.js";
import { authenticate, createTestClient, makePasskeyAuth, register, signUpUser, whoAmI } from "./test-helpers.js";
import { SoftAuthenticator } from "./soft-authenticator.js";

describe("passkeys and two-factor", () => {
  it("signs a two-factor user in with a user-verified passkey, and still holds their password sign-in", async () => {
    const env = makePasskeyAuth({}, { plugins: [twoFactor()] });
    const u = await signUpUser(env.auth);
    await env.auth.$context.users.update(u.userId, { twoFactorEnabled: true });
    const authenticator = new SoftAuthenticator();
    expect((await register(u.client, authenticator)).status).toBe(200);

    const password = createTestClient(env.auth);
    const held = await password.post("/sign-in/email", { email: u.email, password: u.password });
    expect(held.body.twoFactorRedirect).toBe(true);
    expect(await whoAmI(password)).toBeNull();

    const browser = createTestClient(env.auth);
    const { r } = await authenticate(browser, authenticator);
    expect(r.status).toBe(200);
    expect(r.body.twoFactorRedirect).toBeUndefined();
    expect(await whoAmI(browser)).toBe(u.userId);
    // Without user verification there is no sign-in at all (not a one-factor session).
    const weak = await authenticate(createTestClient(env.auth), authenticator, { userVerified: false });
    expect(weak.r.status).toBe(401);
  });

  it("a passkey still signs the owner in while a guesser holding the password has locked code entry", async () => {
    const env = makePasskeyAuth({}, { plugins: [twoFactor({ failedAttempts: { free: 1, max: 2 } })] });
    const u = await signUpUser(env.auth);
    await env.auth.$context.users.update(u.userId, { twoFactorEnabled: true });
    const authenticator = new SoftAuthenticator();
    expect((await register(u.client, authenticator)).status).toBe(200);

    const guesser = createTestClient(env.auth);
    expect(
      (await guesser.post("/sign-in/email", { email: u.email, password: u.password })).body.twoFactorRedirect,
    ).toBe(true);
    const codes = [];
    for (const code of ["wrong-code-1", "wrong-code-2", "wrong-code-3"])
      codes.push((await guesser.post("/two-factor/verify-backup-code", { code })).body.code);
    expect(codes).toEqual(["INVALID_TWO_FACTOR_CODE", "TWO_FACTOR_LOCKED", "TWO_FACTOR_LOCKED"]);

    const browser = createTestClient(env.auth);
    const { r } = await authenticate(browser, authenticator);
    expect(r.status).toBe(200);
    expect(await whoAmI(browser)).toBe(u.userId);
  });
});
