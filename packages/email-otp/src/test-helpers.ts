// Shared by the *.test.ts files of this package: an auth with the plugin, a mailed-code outbox and an
// injectable clock.
import type { AuthOptions } from "@gatehouse-auth/core";
import { createTestClient, makeTestAuth, signUpUser } from "@gatehouse-auth/core/testing";
import type { TestClient } from "@gatehouse-auth/core/testing";
import { emailOTP } from "./email-otp-plugin.js";
import type { EmailOtpOptions, EmailOtpType } from "./email-otp-options.js";

/** One mailed code, as the plugin handed it to the app. */
export interface OtpMail {
  email: string;
  otp: string;
  type: EmailOtpType;
}

/** An auth with the plugin; `clock.now` drives the auth's time, `mails` collects the codes sent. */
export function makeOtpAuth(options: Partial<EmailOtpOptions> = {}, extra: Partial<AuthOptions> = {}) {
  const clock = { now: Date.now() };
  const mails: OtpMail[] = [];
  const auth = makeTestAuth({
    advanced: { now: () => clock.now },
    ...extra,
    emailAndPassword: { enabled: true, ...extra.emailAndPassword },
    emailVerification: { autoSignInAfterVerification: true, ...extra.emailVerification },
    plugins: [
      emailOTP({ sendVerificationOTP: ({ email, otp, type }) => void mails.push({ email, otp, type }), ...options }),
      ...(extra.plugins ?? []),
    ],
  });
  /** The latest code mailed to `email` of `type`. */
  const lastOtp = (email: string, type: EmailOtpType = "sign-in") => {
    const found = mails.filter((m) => m.email === email && m.type === type).at(-1);
    if (!found) throw new Error(`no ${type} code to ${email}`);
    return found.otp;
  };
  return { auth, clock, mails, lastOtp };
}

/** The env `makeOtpAuth` returns. */
export type OtpEnv = ReturnType<typeof makeOtpAuth>;

let seq = 0;
/** A fresh address. */
export const newEmail = () => `otp-${++seq}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** Asks for a code of `type` for `email` from a fresh client and returns it (asserts it was sent). */
export async function otpFor(env: OtpEnv, email: string, type: EmailOtpType = "sign-in", client?: TestClient) {
  const r = await (client ?? createTestClient(env.auth)).post("/email-otp/send-verification-otp", { email, type });
  if (r.status !== 200) throw new Error(`send-verification-otp failed: ${r.status} ${r.text}`);
  // The mail goes out in the background: let it run.
  await new Promise((resolve) => setImmediate(resolve));
  return env.lastOtp(email, type);
}

/** Flushes background mail sends. */
export const flush = () => new Promise((resolve) => setImmediate(resolve));

/** A wrong code of the same shape as `code`. */
export const wrong = (code: string) => (code === "000000" ? "111111" : "000000");

export { createTestClient, signUpUser };
