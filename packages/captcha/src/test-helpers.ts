// Shared by this package's tests: an auth with the captcha plugin in front of a fake provider, with
// the mail senders and the error log recorded.
import type { Auth } from "@gatehouse-auth/core";
import { makeTestAuth } from "@gatehouse-auth/core/testing";
import { captcha } from "./captcha-plugin.js";
import type { CaptchaOptions } from "./captcha-options.js";
import type { FakeSiteVerify } from "./fake-site-verify.test-helper.js";

/** The auth, plus every mail it sent and every error it logged. */
export interface CaptchaTestAuth {
  auth: Auth;
  mails: { type: string; to: string }[];
  errors: string[];
}

/** Distributes `Omit` over the provider union, so provider-specific options stay allowed. */
type ExtraOptions = Partial<Omit<Extract<CaptchaOptions, { provider: "cloudflare-turnstile" }>, "provider">>;

/** An auth guarded by a Turnstile `captcha()` that asks `fake`; `extra` overrides plugin options. */
export function makeCaptchaAuth(
  fake: FakeSiteVerify,
  extra: ExtraOptions = {},
  ipAddressHeaders?: string[],
): CaptchaTestAuth {
  const mails: { type: string; to: string }[] = [];
  const errors: string[] = [];
  const auth = makeTestAuth({
    emailAndPassword: {
      enabled: true,
      sendResetPassword: ({ user }) => void mails.push({ type: "reset-password", to: user.email }),
    },
    emailVerification: {
      sendOnSignUp: true,
      sendVerificationEmail: ({ user }) => void mails.push({ type: "verify-email", to: user.email }),
    },
    advanced: ipAddressHeaders ? { ipAddressHeaders } : undefined,
    logger: { error: (...args: unknown[]) => void errors.push(args.map(String).join(" ")), warn: () => {} },
    plugins: [captcha({ provider: "cloudflare-turnstile", secretKey: fake.secret, siteVerifyURL: fake.url, ...extra })],
  });
  return { auth, mails, errors };
}

/** Request options carrying a captcha token. */
export const withToken = (token: string) => ({ headers: { "x-captcha-response": token } });

/** A unique address for one test's user. */
export const uniqueEmail = () => `cap-${Math.random().toString(36).slice(2)}@example.com`;
