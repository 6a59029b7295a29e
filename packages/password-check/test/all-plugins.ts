// Every Gatehouse plugin of this repository installed at once, for the cross-package suites here.
import type { AuthOptions } from "@gatehouse-auth/core";
import { admin } from "@gatehouse-auth/admin";
import { apiKey } from "@gatehouse-auth/api-key";
import { auditLog } from "@gatehouse-auth/audit-log";
import { bearer } from "@gatehouse-auth/bearer";
import { captcha } from "@gatehouse-auth/captcha";
import { emailOTP } from "@gatehouse-auth/email-otp";
import { jwt } from "@gatehouse-auth/jwt";
import { magicLink } from "@gatehouse-auth/magic-link";
import { multiSession } from "@gatehouse-auth/multi-session";
import { oauthProvider } from "@gatehouse-auth/oauth-provider";
import { openAPI } from "@gatehouse-auth/open-api";
import { organization } from "@gatehouse-auth/organization";
import { passkey } from "@gatehouse-auth/passkey";
import { phoneNumber } from "@gatehouse-auth/phone-number";
import { scim } from "@gatehouse-auth/scim";
import { sso } from "@gatehouse-auth/sso";
import { twoFactor } from "@gatehouse-auth/two-factor";
import { username } from "@gatehouse-auth/username";

/** What the plugins sent: email OTPs and phone codes by address/number. */
export interface Outbox {
  emailOtps: Map<string, string>;
  phoneCodes: Map<string, string>;
}

/** The repository's plugins with minimal options; `outbox` collects the codes they send. */
export function allPlugins(outbox: Outbox): NonNullable<AuthOptions["plugins"]> {
  return [
    admin(),
    apiKey(),
    auditLog(),
    bearer(),
    captcha({ provider: "cloudflare-turnstile", secretKey: "test" }),
    emailOTP({ sendVerificationOTP: ({ email, otp }) => void outbox.emailOtps.set(email, otp) }),
    jwt(),
    magicLink({ sendMagicLink: () => {} }),
    multiSession(),
    oauthProvider({
      allowDynamicClientRegistration: true,
      // First party (no consent page): a served authorize answers with a code, a refused one does not.
      clients: [{ clientId: "matrix-first-party", redirectUris: ["https://app.example.test/cb"], skipConsent: true }],
    }),
    openAPI(),
    organization(),
    passkey(),
    phoneNumber({
      sendOTP: () => {},
      sendPasswordResetOTP: ({ phoneNumber, code }) => void outbox.phoneCodes.set(phoneNumber, code),
    }),
    scim(),
    sso(),
    twoFactor(),
    username(),
  ];
}
