import type { Auth } from "../create-auth.js";
import type { AuthOptions } from "../options/auth-options.js";
import { makeTestAuth } from "./make-test-auth.js";

/** One email the test auth would have sent. */
export interface SentMail {
  type: "verify-email" | "reset-password" | "change-email-confirmation" | "delete-account";
  to: string;
  url: string;
  token: string;
  newEmail?: string;
}

/**
 * A test auth with every email flow on, recording mails instead of sending them, and a clock the
 * test moves by hand (`clock.now += ms`) for expiry tests without sleeping.
 */
export function makeMailAuth(extra: Partial<AuthOptions> = {}): {
  auth: Auth;
  mails: SentMail[];
  clock: { now: number };
  lastMail(to: string, type?: SentMail["type"]): SentMail;
} {
  const mails: SentMail[] = [];
  const clock = { now: Date.now() };
  const auth = makeTestAuth({
    ...extra,
    emailAndPassword: {
      sendResetPassword: ({ user, url, token }) =>
        void mails.push({ type: "reset-password", to: user.email, url, token }),
      ...extra.emailAndPassword,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: ({ user, url, token }) =>
        void mails.push({ type: "verify-email", to: user.email, url, token }),
      ...extra.emailVerification,
    },
    user: {
      changeEmail: {
        enabled: true,
        sendChangeEmailConfirmation: ({ user, newEmail, url, token }) =>
          void mails.push({ type: "change-email-confirmation", to: user.email, url, token, newEmail }),
      },
      deleteUser: {
        enabled: true,
        sendDeleteAccountVerification: ({ user, url, token }) =>
          void mails.push({ type: "delete-account", to: user.email, url, token }),
      },
      ...extra.user,
    },
    advanced: { now: () => clock.now, ...extra.advanced },
  });
  const lastMail = (to: string, type?: SentMail["type"]) => {
    const found = mails.filter((m) => m.to === to && (!type || m.type === type)).pop();
    if (!found) throw new Error(`no ${type ?? ""} mail to ${to}`);
    return found;
  };
  return { auth, mails, clock, lastMail };
}
