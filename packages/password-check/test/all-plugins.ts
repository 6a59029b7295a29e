// Every Gatehouse plugin of this repository installed at once, for the cross-package suites here.
import type { AuthOptions } from "@gatehouse/core";
import { admin } from "@gatehouse/admin";
import { apiKey } from "@gatehouse/api-key";
import { bearer } from "@gatehouse/bearer";
import { captcha } from "@gatehouse/captcha";
import { emailOTP } from "@gatehouse/email-otp";
import { jwt } from "@gatehouse/jwt";
import { magicLink } from "@gatehouse/magic-link";
import { multiSession } from "@gatehouse/multi-session";
import { openAPI } from "@gatehouse/open-api";
import { organization } from "@gatehouse/organization";
import { passkey } from "@gatehouse/passkey";
import { phoneNumber } from "@gatehouse/phone-number";
import { twoFactor } from "@gatehouse/two-factor";
import { username } from "@gatehouse/username";

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
    bearer(),
    captcha({ provider: "cloudflare-turnstile", secretKey: "test" }),
    emailOTP({ sendVerificationOTP: ({ email, otp }) => void outbox.emailOtps.set(email, otp) }),
    jwt(),
    magicLink({ sendMagicLink: () => {} }),
    multiSession(),
    openAPI(),
    organization(),
    passkey(),
    phoneNumber({
      sendOTP: () => {},
      sendPasswordResetOTP: ({ phoneNumber, code }) => void outbox.phoneCodes.set(phoneNumber, code),
    }),
    twoFactor(),
    username(),
  ];
}
