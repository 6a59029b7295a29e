import { SCIM_ERRORS } from "@gatehouse-auth/scim";
import { SSO_ERRORS } from "@gatehouse-auth/sso";
import { describe, expect, it } from "vitest";
import { ERROR_MESSAGES } from "../src/error-messages.js";
import { SSO_ERROR_MESSAGES, SSO_UI_MESSAGES } from "../src/sso-messages.js";

// The codes the SSO card's calls cannot answer: the sign-in side (the SSO sign-in page, the ACS).
const SIGN_IN_ONLY = new Set(["SSO_REQUIRED", "SSO_ACCOUNT_NOT_LINKED", "INVALID_SAML_RESPONSE", "PROVIDER_DISABLED"]);

describe("the Single sign-on card's sentences", () => {
  it("has one for every code the sso plugin's management routes answer, and for the SCIM token's refusal", () => {
    const missing = Object.keys(SSO_ERRORS).filter(
      (code) => !SIGN_IN_ONLY.has(code) && !SSO_ERROR_MESSAGES[code] && !ERROR_MESSAGES[code],
    );
    expect(missing).toEqual([]);
    expect(SCIM_ERRORS.NOT_ORGANIZATION_ADMIN).toBeDefined();
    expect(SSO_ERROR_MESSAGES.NOT_ORGANIZATION_ADMIN).toBeTruthy();
  });

  it("reads a record not found (422) and DNS down (503) as different advice, neither as the server's text", () => {
    expect(SSO_ERRORS.DOMAIN_VERIFICATION_FAILED.status).toBe(422);
    expect(SSO_ERRORS.DNS_UNAVAILABLE.status).toBe(503);
    const notFound = SSO_ERROR_MESSAGES.DOMAIN_VERIFICATION_FAILED;
    const down = SSO_ERROR_MESSAGES.DNS_UNAVAILABLE;
    expect(notFound).not.toBe(down);
    expect(notFound).not.toBe(SSO_ERRORS.DOMAIN_VERIFICATION_FAILED.message);
    expect(down).toMatch(/try again/i);
  });

  it("has no empty string and fills only known placeholders", () => {
    for (const [key, text] of Object.entries(SSO_UI_MESSAGES)) {
      expect(text, key).not.toBe("");
      for (const [, name] of text.matchAll(/\{(\w+)\}/g))
        expect(["name", "id", "domain", "label"], key).toContain(name);
    }
  });
});
