import { ADMIN_ERRORS } from "@gatehouse-auth/admin";
import { API_KEY_ERRORS } from "@gatehouse-auth/api-key";
import { AUDIT_LOG_ERRORS } from "@gatehouse-auth/audit-log";
import { CAPTCHA_ERRORS } from "@gatehouse-auth/captcha";
import { CORE_ERRORS } from "@gatehouse-auth/core";
import { DASHBOARD_ERRORS } from "@gatehouse-auth/dashboard";
import { EMAIL_OTP_ERRORS } from "@gatehouse-auth/email-otp";
import { JWT_ERRORS } from "@gatehouse-auth/jwt";
import { MAGIC_LINK_ERRORS } from "@gatehouse-auth/magic-link";
import { MULTI_SESSION_ERRORS } from "@gatehouse-auth/multi-session";
import { OAUTH_PROVIDER_ERRORS } from "@gatehouse-auth/oauth-provider";
import { ORGANIZATION_ERRORS } from "@gatehouse-auth/organization";
import { PASSKEY_ERRORS } from "@gatehouse-auth/passkey";
import { PASSWORD_CHECK_ERRORS } from "@gatehouse-auth/password-check";
import { PHONE_NUMBER_ERRORS } from "@gatehouse-auth/phone-number";
import { TWO_FACTOR_ERRORS } from "@gatehouse-auth/two-factor";
import { USERNAME_ERRORS } from "@gatehouse-auth/username";
import { describe, expect, it } from "vitest";
import { ERROR_MESSAGES } from "../src/error-messages.js";
import { formatMessage } from "../src/format-message.js";
import { ORGANIZATION_ERROR_MESSAGES } from "../src/organization-messages.js";
import { UI_MESSAGES } from "../src/ui-messages.js";

const catalogues = {
  CORE_ERRORS,
  ADMIN_ERRORS,
  API_KEY_ERRORS,
  AUDIT_LOG_ERRORS,
  CAPTCHA_ERRORS,
  DASHBOARD_ERRORS,
  EMAIL_OTP_ERRORS,
  JWT_ERRORS,
  MAGIC_LINK_ERRORS,
  MULTI_SESSION_ERRORS,
  OAUTH_PROVIDER_ERRORS,
  ORGANIZATION_ERRORS,
  PASSKEY_ERRORS,
  PASSWORD_CHECK_ERRORS,
  PHONE_NUMBER_ERRORS,
  TWO_FACTOR_ERRORS,
  USERNAME_ERRORS,
};

describe("the message catalogue", () => {
  it("has a friendly sentence for every error code of core and every plugin", () => {
    // Codes only the organization components meet have theirs beside them, out of `<SignIn>`.
    const missing = Object.entries(catalogues).flatMap(([name, catalogue]) =>
      Object.keys(catalogue)
        .filter((code) => !Object.hasOwn(ERROR_MESSAGES, code) && !Object.hasOwn(ORGANIZATION_ERROR_MESSAGES, code))
        .map((code) => `${name}.${code}`),
    );
    expect(missing).toEqual([]);
  });

  it("never repeats the server's own wording for a code (that text is for developers)", () => {
    const echoed = Object.values(catalogues).flatMap((catalogue) =>
      Object.entries(catalogue as Record<string, { message: string }>)
        .filter(([code, e]) => ERROR_MESSAGES[code] === e.message)
        .map(([code]) => code),
    );
    expect(echoed).toEqual([]);
  });

  it("has no stray whitespace, and fills the password numbers", () => {
    for (const text of [...Object.values(ERROR_MESSAGES), ...Object.values(UI_MESSAGES)])
      expect(text.trim()).toBe(text);
    expect(formatMessage(ERROR_MESSAGES.PASSWORD_TOO_SHORT ?? "", { min: 12 })).toBe("Use at least 12 characters.");
    expect(formatMessage("{a} {b}", { a: 1 })).toBe("1 {b}");
  });
});
