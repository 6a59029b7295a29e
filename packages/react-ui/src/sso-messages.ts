import { useCallback } from "react";
import { formatMessage } from "./format-message.js";
import { useGatehouseUI } from "./gatehouse-ui.js";
import type { UiMessageKey } from "./ui-messages.js";

/**
 * The single sign-on card's strings, in English: part of the one message catalogue (override any of
 * them with `<GatehouseUI messages={{ ui: { ssoTitle: "…" } }}>`), kept in the card's own chunk so
 * `<SignIn>` and the rest of `<OrganizationSettings>` do not ship them.
 */
export const SSO_UI_MESSAGES = {
  ssoTitle: "Single sign-on",
  ssoIntro: "How the people of {name} sign in with their company's identity provider (SAML 2.0 or OpenID Connect).",
  ssoNoConnections: "No connection yet.",
  ssoProtocolSaml: "SAML 2.0",
  ssoProtocolOidc: "OpenID Connect",
  ssoDomainVerified: "Domain verified",
  ssoDomainNotVerified: "Domain not verified",
  ssoDisabled: "Disabled",
  ssoEnforced: "SSO required",
  ssoNewTitle: "New connection",
  ssoProtocol: "Protocol",
  ssoProviderId: "Connection id",
  ssoProviderIdHint: "Letters, digits, - and _, like okta.",
  ssoProviderIdInvalid: "Use letters, digits, - and _ only (up to 32).",
  ssoDomain: "Email domain",
  ssoDomainHint: "The addresses this connection signs in, like acme.com.",
  ssoDomainInvalid: "Enter a domain like acme.com.",
  ssoIssuer: "Issuer URL",
  ssoIssuerInvalid: "Enter the provider's full https:// issuer address.",
  ssoSpEntityIdOptional: "SP entity id (optional)",
  ssoSpEntityIdHint: "Leave empty to use this connection's SP metadata URL.",
  ssoClientId: "Client id",
  ssoClientSecret: "Client secret",
  ssoMetadata: "Identity provider metadata XML",
  ssoMetadataHint: "Paste the XML your identity provider gives for this app.",
  ssoCreate: "Add connection",
  ssoCreated: "{id} is added. Verify its domain to turn it on.",
  ssoForIdp: "For the identity provider",
  ssoRedirectUri: "Redirect URI",
  ssoSpMetadataUrl: "SP metadata URL",
  ssoSpEntityId: "SP entity id",
  ssoAcsUrl: "ACS URL",
  ssoCopy: "Copy",
  ssoCopyLabel: "Copy {label}",
  ssoCopied: "{label} copied.",
  ssoCopyFailed: "Copying was refused: select the field and copy it.",
  ssoVerifyTitle: "Domain verification",
  ssoVerifyIntro:
    "Publish this TXT record in the DNS of {domain}, then verify. Until then the connection signs nobody in.",
  ssoTxtName: "TXT record name",
  ssoTxtValue: "TXT record value",
  ssoVerify: "Verify {domain}",
  ssoVerified: "{domain} is verified.",
  ssoEnforceTitle: "Enforcement",
  ssoEnforce: "Require single sign-on for @{domain} addresses",
  ssoEnforceFirst: "Verify the domain first.",
  ssoEnforceOn: "@{domain} addresses must now sign in with {id}.",
  ssoEnforceOff: "Single sign-on is no longer required for @{domain}.",
  ssoBreakGlass: "Break-glass owners (may still sign in without single sign-on)",
  ssoBreakGlassSave: "Save break-glass owners",
  ssoBreakGlassSaved: "Break-glass owners saved.",
  ssoNoOwners: "No owner listed yet.",
  ssoDisable: "Disable {id}",
  ssoEnable: "Enable {id}",
  ssoDisableConfirm: "Disable {id}? Its people can't sign in with it until it is enabled again.",
  ssoDisabledDone: "{id} is disabled.",
  ssoEnabledDone: "{id} is enabled.",
  ssoDelete: "Delete {id}",
  ssoDeleteConfirm: "Delete the connection {id}? Its people can no longer sign in with it.",
  ssoDeleted: "{id} is deleted.",
  scimTitle: "Provisioning (SCIM)",
  scimBaseUrl: "SCIM base URL",
  scimGenerate: "Generate SCIM token",
  scimRotate: "Rotate SCIM token",
  scimRotateConfirm: "A new SCIM token for {id} replaces the one your identity provider has now. Continue?",
  scimToken: "SCIM token",
  scimShownOnce: "Copy it now: it is not shown again. Any earlier token of this connection no longer works.",
} as const;

export type SsoMessageKey = keyof typeof SSO_UI_MESSAGES;

/**
 * Friendly sentences for the sso and scim plugins' error codes. An app's `messages.errors` override
 * wins: these fill in only where the shared catalogue would say "something went wrong".
 */
export const SSO_ERROR_MESSAGES: Record<string, string> = {
  DOMAIN_VERIFICATION_FAILED:
    "The TXT record wasn't found yet. Check its name and value; DNS changes can take a while to appear.",
  DNS_UNAVAILABLE: "DNS did not answer the lookup. The record may be right: try again in a few minutes.",
  DOMAIN_ALREADY_VERIFIED: "This domain is already verified.",
  DOMAIN_NOT_VERIFIED: "Verify the domain first.",
  DOMAIN_VERIFICATION_DISABLED: "Domain verification is not turned on for this app.",
  PROVIDER_ALREADY_EXISTS: "A connection with this id already exists. Choose another id.",
  SSO_PROVIDER_NOT_FOUND: "This connection no longer exists. Reload the page.",
  NOT_ALLOWED_TO_MANAGE_PROVIDERS: "Only the organization's owners and admins manage single sign-on.",
  NOT_ORGANIZATION_ADMIN: "Only the organization's owners and admins manage SCIM tokens.",
  INVALID_PROVIDER_CONFIG: "The connection's settings were refused. Check each field.",
  ONE_PROTOCOL_REQUIRED: "Choose SAML 2.0 or OpenID Connect.",
  INVALID_IDP_METADATA: "That metadata XML can't be used: paste the whole document your identity provider gives.",
  OIDC_DISCOVERY_FAILED: "The provider's discovery document couldn't be read at that issuer address.",
  SSO_ORGANIZATION_NOT_FOUND: "This organization no longer exists.",
};

/** Which field of the new-connection form a code is about (the rest are about the whole form). */
export const FIELD_OF_SSO_CODE: Record<string, string> = {
  PROVIDER_ALREADY_EXISTS: "providerId",
  INVALID_IDP_METADATA: "metadata",
  OIDC_DISCOVERY_FAILED: "issuer",
};

/** `t` for the SSO strings: the app's override when it gave one, else the English default. */
export function useSsoText(): (key: SsoMessageKey, params?: Record<string, string | number>) => string {
  const { t } = useGatehouseUI();
  return (key, params) => {
    const given = t(key as unknown as UiMessageKey, params);
    return given === key ? formatMessage(SSO_UI_MESSAGES[key], params) : given;
  };
}

/**
 * The sentence for an error code: the app's (or the shared catalogue's), else this card's own. Stable
 * while the provider's catalogue is (calls that depend on it do not re-run on every render).
 */
export function useSsoErrorText(): (code: string) => string {
  const { errorText } = useGatehouseUI();
  return useCallback(
    (code) => {
      const shared = errorText(code);
      return shared === errorText("UNKNOWN") && SSO_ERROR_MESSAGES[code] ? SSO_ERROR_MESSAGES[code] : shared;
    },
    [errorText],
  );
}
