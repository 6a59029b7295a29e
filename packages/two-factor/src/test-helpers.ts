// Shared by this package's tests: an auth with the plugin, an OTP outbox, an injectable clock, and TOTP
// codes computed the way an authenticator app does (otpauth).
import type { AuthOptions } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import type { TestClient } from "@gatehouse-auth/core/testing";
import { URI } from "otpauth";
import type { TOTP } from "otpauth";
import { twoFactor } from "./two-factor-plugin.js";
import type { TwoFactorOptions } from "./two-factor-options.js";

/** An auth with the plugin (OTP on); `clock.now` drives its time, `sent` collects the codes. */
export function makeTwoFactorAuth(options: TwoFactorOptions = {}, extra: Partial<AuthOptions> = {}) {
  const clock = { now: Date.now() };
  const sent: { email: string; code: string }[] = [];
  const auth = makeTestAuth({
    emailAndPassword: { enabled: true },
    advanced: { now: () => clock.now },
    ...extra,
    plugins: [
      twoFactor({
        issuer: "Test Issuer",
        otp: { sendOTP: ({ user, code }) => void sent.push({ email: user.email, code }) },
        ...options,
      }),
      ...(extra.plugins ?? []),
    ],
  });
  const lastOtp = (email: string) => {
    const found = sent.filter((m) => m.email === email).at(-1);
    if (!found) throw new Error(`no code sent to ${email}`);
    return found.code;
  };
  return { auth, clock, sent, lastOtp };
}

export type Env = ReturnType<typeof makeTwoFactorAuth>;

/** The TOTP code for `uri` at the env's clock, `offset` steps away. */
export function totpAt(env: Env, uri: string, offset = 0): string {
  const totp = URI.parse(uri) as TOTP;
  return totp.generate({ timestamp: env.clock.now + offset * totp.period * 1000 });
}

/** A signed-up user with two-factor on (enabled and confirmed with one code). */
export async function userWithTwoFactor(env: Env) {
  const u = await signUpUser(env.auth);
  const r = await u.client.post("/two-factor/enable", { password: u.password });
  if (r.status !== 200) throw new Error(`enable failed: ${r.status} ${r.text}`);
  const v = await u.client.post("/two-factor/verify-totp", { code: totpAt(env, r.body.totpURI) });
  if (v.status !== 200) throw new Error(`verify failed: ${v.status} ${v.text}`);
  // The next step, so the code the tests use next is not the one just spent.
  env.clock.now += 30_000;
  return { ...u, totpURI: r.body.totpURI as string, backupCodes: r.body.backupCodes as string[] };
}

/** A new browser that signed in with the password and holds the challenge (asserts it). */
export async function challenged(env: Env, email: string, password = "password-123"): Promise<TestClient> {
  const b = createTestClient(env.auth);
  const r = await b.post("/sign-in/email", { email, password });
  if (r.status !== 200 || r.body.twoFactorRedirect !== true) throw new Error(`no challenge: ${r.status} ${r.text}`);
  return b;
}

export { createTestClient, signUpUser };
