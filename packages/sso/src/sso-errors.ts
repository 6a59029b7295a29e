import { defineErrors } from "@gatehouse-auth/core";

/** The SSO plugin's error catalogue; it owns status and message. */
export const SSO_ERRORS = defineErrors({
  SSO_PROVIDER_NOT_FOUND: { status: 404, message: "No SSO provider found" },
  PROVIDER_ALREADY_EXISTS: { status: 409, message: "An SSO provider with this providerId already exists" },
  PROVIDER_DISABLED: { status: 403, message: "This SSO provider is disabled" },
  NOT_ALLOWED_TO_MANAGE_PROVIDERS: {
    status: 403,
    message: "You are not allowed to manage SSO providers of this organization",
  },
  SSO_ORGANIZATION_NOT_FOUND: { status: 400, message: "Organization not found" },
  INVALID_PROVIDER_CONFIG: { status: 400, message: "Invalid SSO provider configuration" },
  ONE_PROTOCOL_REQUIRED: { status: 400, message: "Give exactly one of samlConfig and oidcConfig" },
  INVALID_IDP_METADATA: { status: 400, message: "The identity provider metadata is not valid" },
  DOMAIN_NOT_VERIFIED: { status: 403, message: "The SSO provider's domain is not verified" },
  DOMAIN_ALREADY_VERIFIED: { status: 409, message: "The domain is already verified" },
  // 422: the owner fixes it by publishing the record; 503 below when DNS itself gave no answer.
  DOMAIN_VERIFICATION_FAILED: {
    status: 422,
    message: "The domain verification TXT record was not found",
  },
  DNS_UNAVAILABLE: {
    status: 503,
    message: "DNS did not answer the domain verification lookup; try again later",
  },
  DOMAIN_VERIFICATION_DISABLED: { status: 400, message: "Domain verification is not enabled" },
  SSO_ACCOUNT_NOT_LINKED: {
    status: 401,
    message: "An unverified account uses this address: verify it, then sign in with SSO",
  },
  OIDC_DISCOVERY_FAILED: {
    status: 400,
    message: "The OpenID Provider's discovery document could not be loaded or does not match the issuer",
  },
  INVALID_SAML_RESPONSE: { status: 400, message: "The SAML response was refused" },
  SSO_REQUIRED: { status: 403, message: "Your organization requires single sign-on: use Sign in with SSO" },
});
